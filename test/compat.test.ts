import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { checkStrapiVersion, compatTable } from './helpers/compat';
import { packPlugin } from './helpers/fresh-app';
import { repoRoot } from './helpers/paths';

const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The first release the peer range admits (`^5.0.0` names 5.0.0). */
const OLDEST = /\d+\.\d+\.\d+/.exec(manifest.peerDependencies['@strapi/strapi'])?.[0] ?? '';
/** The release the playground and the rest of the suite run on: the newest the project has adopted. */
const NEWEST = manifest.devDependencies['@strapi/strapi'];

/**
 * `npm run test:compat` for the oldest release of the supported range: the packed plugin in a new app of
 * that release (installed from the registry), admin build, start, ping / publish / webhook, Strapi's behaviour the plugin relies on (contract), settings page.
 */
describe('the packed plugin on the oldest Strapi release it supports', () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'article-publisher-compat-'));
  let tarball = '';

  before(() => {
    tarball = packPlugin(workDir).tarball;
  });
  after(() => fs.rmSync(workDir, { recursive: true, force: true }));

  it('names an exact oldest release in the peer range', () => {
    assert.match(OLDEST, /^5\.\d+\.\d+$/);
    assert.match(NEWEST, /^5\.\d+\.\d+$/);
  });

  // The newest release is the playground's: package.test.ts installs the packed plugin into a new app of it,
  // builds its admin and starts it, and the rest of the suite runs on it (the contract and the settings
  // page included). `npm run test:compat -- <versions>` checks any release on demand.
  for (const version of [OLDEST]) {
    it(`works on Strapi ${version}: install, admin build, start, ping, publish, webhook, contract, settings page`, async () => {
      const result = await checkStrapiVersion(version, tarball, workDir, (line) => console.log(line));
      assert.ok(result.passed, `\n${compatTable([{ result }])}`);
      assert.equal(result.steps.ping?.detail, '200');
      assert.equal(result.steps.publish?.detail, '201');
      assert.equal(result.steps.webhook?.detail, '200');
      assert.equal(result.steps.contract?.detail, 'holds');
      assert.equal(result.steps['settings page']?.detail, 'renders');
    });
  }
});
