import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';

/** The playground's shapes of real sites (docs: real targets), each readable through Strapi's REST API. */
const REAL_SITE_COLLECTIONS = [
  'blog-articles',
  'blog-authors',
  'blog-categories',
  'md-posts',
  'launch-articles',
  'launch-categories',
  'posts',
  'wp-categories',
  'tags',
  'corporate-articles',
  'ck-articles',
  'notes',
  'picky-articles',
  'picky-categories',
  'legal-notices',
];

describe('real-site target shapes in the playground', () => {
  let site: Playground;
  before(async () => {
    site = await startPlayground({ fixtureTypes: 'all' });
  });
  after(async () => site?.stop());

  it('boots with every shape and lets the public read each of them', async () => {
    for (const collection of REAL_SITE_COLLECTIONS) {
      const response = await request(`${site.url}/api/${collection}`);
      assert.equal(response.status, 200, `${collection}: ${response.text}`);
      assert.deepEqual(response.json.data, []);
    }
  });
});
