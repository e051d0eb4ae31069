import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { startPlayground, type Playground } from './helpers/playground';
import { listCategories, publishAtOnce, readArticle } from './helpers/service';

const KEY = 'apk_postgres-race-0123456789abcdef';

describe('concurrent publishes on PostgreSQL with two Strapi instances', () => {
  let database: TestDatabase;
  let first: Playground;
  let second: Playground;

  before(async () => {
    database = await createTestDatabase('postgres');
    const env = { ARTICLE_PUBLISHER_API_KEY: KEY };
    // The first instance creates the schema; the second joins the same database.
    first = await startPlayground({ env, database });
    second = await startPlayground({ env, database });
  });
  after(async () => {
    await first?.stop();
    await second?.stop();
    await database?.drop();
  });

  it('ends 20 concurrent publishes of one new slug, spread over both instances, with one post', async () => {
    const body = {
      title: 'Postgres race',
      slug: 'postgres-race',
      content: '<p>same</p>',
      status: 'publish',
      category: 'Races',
      sub_category: 'Photo finish',
    };
    const responses = await publishAtOnce([second.url, first.url], KEY, body, 20);
    assert.equal(new Set(responses.map((r) => r.json.post_id)).size, 1);
    assert.equal((await readArticle(first.url, 'postgres-race', 'draft')).length, 1);
    assert.equal((await readArticle(second.url, 'postgres-race', 'published')).length, 1);
    const categories = await listCategories(first.url);
    assert.equal(categories.filter((c) => c.name === 'Races').length, 1);
    assert.equal(categories.filter((c) => c.name === 'Photo finish').length, 1);
  });
});
