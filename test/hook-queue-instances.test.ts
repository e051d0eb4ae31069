import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, tableRows, type TestDatabase } from './helpers/databases';
import { hookSample, postHook, serviceHeaders, waitForQueue } from './helpers/hooks';
import { ImageServer, makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';

const ENDPOINT_ID = 'queue-instances-blg-0123456789';
const SECRET = 'queue-instances-secret-abcdefgh';
const DELIVERIES = 16;

/**
 * Two playground processes on one PostgreSQL database, each running the queue's worker: every
 * delivery, whichever instance stored it, is claimed and processed by exactly one of them.
 */
describe('custom webhooks: the durable queue on two instances (PostgreSQL)', () => {
  let database: TestDatabase;
  const sites: Playground[] = [];
  const images = new ImageServer();
  const options = () => ({
    database,
    env: { ARTICLE_PUBLISHER_ALLOW_HTTP: 'true', ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true' },
    pluginConfig: {
      webhookEndpoints: [{ id: ENDPOINT_ID, preset: 'babylovegrowth', secret: SECRET }],
      // Both instances look for due deliveries often, so their claims race for the same rows.
      hookQueue: { pollMs: 100, concurrency: 2 },
    },
  });

  before(async () => {
    await images.start();
    database = await createTestDatabase('postgres');
    // The first instance creates the schema alone; the second starts on it.
    sites.push(await startPlayground(options()));
    sites.push(await startPlayground(options()));
  });
  after(async () => {
    for (const site of sites) await site.stop();
    await images.stop();
    await database?.drop();
  });

  it(`${DELIVERIES} deliveries spread over both instances: ${DELIVERIES} posts, each delivery processed once`, async () => {
    const sample = JSON.parse(hookSample('babylovegrowth'));
    const slugs = Array.from({ length: DELIVERIES }, (_, n) => `two-instances-${n + 1}`);
    // Each article's image answers after 300 ms, so deliveries are in progress side by side.
    const heroes = await Promise.all(
      slugs.map(async (slug, n) =>
        images.file(`/instances/${slug}.jpg`, await makeImage('jpeg', 200, 120, 600 + n), 'image/jpeg', 300)
      )
    );
    const answers = await Promise.all(
      slugs.map((slug, n) => {
        const body = JSON.stringify({
          ...sample,
          id: 7000 + n,
          slug,
          title: `Two instances ${n + 1}`,
          content_html: `<p>Article ${n + 1} of the two-instance run.</p>`,
          heroImageUrl: heroes[n],
        });
        return postHook(
          sites[n % 2].url,
          `/api/service/v1/hooks/${ENDPOINT_ID}`,
          body,
          serviceHeaders('babylovegrowth', body, SECRET)
        );
      })
    );
    for (const answer of answers) {
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.json.queued, true);
    }
    const ids = answers.map((answer) => answer.json.deliveryId as number);
    assert.equal(new Set(ids).size, DELIVERIES);

    const rows = await waitForQueue(
      database,
      (all) => ids.every((id) => all.find((row) => row.id === id)?.status === 'done'),
      'every delivery done',
      120_000
    );
    for (const row of rows.filter((each) => ids.includes(each.id))) {
      assert.equal(row.attempts, 1, `delivery ${row.id} was claimed once`);
      assert.equal(row.outcome.length, 1);
      assert.equal(row.outcome[0].ok, true);
      assert.equal(row.outcome[0].created, true, `delivery ${row.id} created its post`);
    }
    const owners = new Set(rows.filter((each) => ids.includes(each.id)).map((row) => row.leaseOwner));
    assert.equal(owners.size, 2, 'both instances processed deliveries');

    const ledger = (await tableRows(database, 'article_publisher_deliveries')).filter(
      (row) => row.hook_endpoint === ENDPOINT_ID
    );
    assert.equal(ledger.length, DELIVERIES, 'one ledger entry per delivery');
    for (const [n, slug] of slugs.entries()) {
      assert.equal((await readArticle(sites[n % 2].url, slug)).length, 1, `${slug}: one post`);
      assert.equal(images.hits.get(`/instances/${slug}.jpg`), 1, `${slug}: its image fetched once`);
    }
  });
});
