import fs from 'node:fs';
import path from 'node:path';

const fixturesDir = path.join(__dirname, '..', 'fixtures');

/** The realistic article the service sends (test/fixtures, part of the repository). */
export const fixtureArticleHtml = fs.readFileSync(path.join(fixturesDir, 'article.html'), 'utf8');
export const fixturePublishRequest = JSON.parse(
  fs.readFileSync(path.join(fixturesDir, 'publish-request.json'), 'utf8')
);
export const fixtureWebhookPayload = JSON.parse(
  fs.readFileSync(path.join(fixturesDir, 'webhook-payload.json'), 'utf8')
);

/** The playground's Guide (a blocks body) as the target, each role named field by field. */
export const GUIDE_TARGET = {
  targetContentType: 'api::guide.guide',
  fields: {
    title: 'title',
    slug: 'slug',
    content: 'body',
    cover: 'cover',
    categories: 'categories',
    seo: 'seo',
  },
};
