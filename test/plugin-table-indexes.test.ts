/**
 * The plugin's lookups on its own tables go by index (issue #62). The media-source rows a publish looks
 * its images up in and the ledger the webhook's repeat check and the WordPress door read grow with every
 * import and delivery; the webhook queue, the authentication failures and the WordPress posts' kept
 * terms with traffic and posts. Without an index a lookup reads the whole table (on SQLite on the event
 * loop): a republish of 20 images with 100,000 earlier imports and deliveries took 1.6 to 1.8 times one
 * on a new site (docs/benchmarks.md). Strapi creates the indexes a content type declares.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { tableIndexes } from './helpers/databases';
import { startPlayground, type Playground } from './helpers/playground';

const KEY = 'apk_indexes-key-0123456789abcdef';

describe("the plugin's tables are indexed for their lookups (issue #62)", () => {
  let site: Playground;
  before(async () => {
    site = await startPlayground({ env: { ARTICLE_PUBLISHER_API_KEY: KEY } });
  });
  after(async () => site?.stop());

  const expected = {
    article_publisher_media_sources: [
      ['source_key_hash', 'file_id'],
      ['content_hash'],
      ['owner', 'file_id'],
      ['import_token', 'file_id'],
      ['file_id'],
    ],
    article_publisher_deliveries: [
      ['source', 'article_id'],
      ['hook_endpoint', 'external_id'],
      ['target_uid', 'post_id'],
      ['target_uid', 'slug'],
      ['target_document_id'],
    ],
    // A queued delivery waits behind an earlier one of its article; the inspector lists an endpoint's.
    article_publisher_hook_deliveries: [['endpoint_id', 'article_key']],
    // Every failed authentication counts a client's recent failures.
    article_publisher_auth_failures: [['client', 'failed_at']],
    // A WordPress post's kept terms, read and replaced by post.
    article_publisher_term_links: [['target_document_id']],
  };

  for (const [table, wanted] of Object.entries(expected))
    it(`${table}: an index for each lookup, with its columns in order`, async () => {
      const found = [...(await tableIndexes(site.database, table)).values()].map((columns) =>
        columns.join(',')
      );
      for (const columns of wanted)
        assert.ok(found.includes(columns.join(',')), `${columns} in ${found.join(' | ')}`);
    });
});
