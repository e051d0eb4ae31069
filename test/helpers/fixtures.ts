import fs from 'node:fs';
import path from 'node:path';

const fixturesDir = path.join(__dirname, '..', 'fixtures');

/** The realistic article the service sends (copied from shared/fixtures into the project). */
export const fixtureArticleHtml = fs.readFileSync(path.join(fixturesDir, 'article.html'), 'utf8');
export const fixturePublishRequest = JSON.parse(
  fs.readFileSync(path.join(fixturesDir, 'publish-request.json'), 'utf8')
);
export const fixtureWebhookPayload = JSON.parse(
  fs.readFileSync(path.join(fixturesDir, 'webhook-payload.json'), 'utf8')
);
