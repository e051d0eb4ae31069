import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ENDLESS_REDIRECT_PATH,
  HOSTILE_SHAPES,
  HostileImageHost,
} from '../core/test/helpers/hostile-image-host';
import { registerSuperAdmin } from './helpers/admin';
import { tableRows, tablesContaining } from './helpers/databases';
import { request } from './helpers/http';
import { ImageServer, makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { publishPost, readArticle } from './helpers/service';

const KEY = 'apk_hardening-hostile-0123456789abcdef';
const TIME_LIMIT_MS = 3000;

interface ImageWarning {
  source_url: string;
  reason: string;
}

/**
 * Asks `/_health` over and over until stopped; what it saw tells whether the site answered all along
 * (a process that died answers nothing, a request cut off answers an error).
 */
function watchHealth(siteUrl: string) {
  const seen: string[] = [];
  let stopped = false;
  const polling = (async () => {
    while (!stopped) {
      try {
        seen.push(String((await request(`${siteUrl}/_health`)).status));
      } catch (error) {
        seen.push((error as Error).message);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    stopped = true;
    await polling;
    return seen;
  };
}

describe('hostile image hosts and redacted image URLs (issue #32, items 1 and 6c)', () => {
  let site: Playground;
  let host: HostileImageHost;
  const images = new ImageServer();
  let goodImage: Buffer;
  /** A publish; a request that gets no answer says what became of the Strapi process. */
  const publish = async (body: unknown) => {
    try {
      return await publishPost(site.url, KEY, body);
    } catch (error) {
      const state = site.process.exitCode === null ? 'still runs' : `exited (${site.process.exitCode})`;
      throw new Error(
        `the publish got no answer (${(error as Error).message}); Strapi ${state}:\n${site.output().slice(-3000)}`,
        { cause: error }
      );
    }
  };
  const siteIsUp = async () => {
    assert.equal(site.process.exitCode, null, `Strapi exited:\n${site.output().slice(-4000)}`);
    assert.equal((await request(`${site.url}/_health`)).status, 204);
  };

  before(async () => {
    goodImage = await makeImage('png', 120, 80, 320);
    host = await new HostileImageHost(goodImage).start();
    await images.start();
    site = await startPlayground({
      env: {
        ARTICLE_PUBLISHER_API_KEY: KEY,
        // The hostile host and the image server are plain http on loopback.
        ARTICLE_PUBLISHER_ALLOW_HTTP: 'true',
        ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true',
      },
      pluginConfig: { images: { timeoutMs: TIME_LIMIT_MS } },
      startTimeoutMs: 300_000,
    });
  });
  after(async () => {
    await site?.stop();
    await host?.stop();
    await images.stop();
  });

  it('item 1: an article whose images each meet a different hostile answer is saved with one warning per bad image; the site answers all along', async () => {
    const hostile = HOSTILE_SHAPES.map((shape) => ({ shape, url: host.url(shape.path) }));
    const good = [host.url('/good.png'), host.url(ENDLESS_REDIRECT_PATH)];
    const content = [...hostile.map(({ url }) => url), ...good]
      .map((url, index) => `<p>Paragraph ${index}</p><img src="${url}" alt="image ${index}">`)
      .join('');
    // The featured image meets the answer that used to end the process.
    const featured = `${host.url('/location-unparsable')}?featured`;

    const stopWatching = watchHealth(site.url);
    let health: string[];
    let response;
    try {
      response = await publish({ title: 'Hostile image hosts', content, featured_image: featured });
    } finally {
      health = await stopWatching();
    }

    assert.equal(response.status, 201, response.text);
    assert.ok(health.length >= 3, `health was asked during the publish: ${health.join(', ')}`);
    assert.deepEqual(
      health.filter((status) => status !== '204'),
      [],
      'every health check during the publish answered 204'
    );
    await siteIsUp();

    const { imported, warnings } = response.json.inline_images_result as {
      imported: { source_url: string; attachment_id: number }[];
      warnings: ImageWarning[];
    };
    assert.equal(warnings.length, hostile.length, JSON.stringify(warnings, null, 2));
    for (const { shape, url } of hostile) {
      const mine = warnings.filter((warning) => warning.source_url === url);
      assert.equal(mine.length, 1, `one warning for ${shape.path}`);
      assert.match(mine[0].reason, shape.reason, `${shape.path} (${shape.description})`);
    }
    assert.equal(
      response.json.featured_image_result,
      'warning: the server redirected to an address that is not a valid URL'
    );
    // The good image, straight and behind a redirect whose body never ends: the same bytes, one file.
    assert.deepEqual(
      imported.map((image) => image.source_url),
      good
    );
    assert.equal(new Set(imported.map((image) => image.attachment_id)).size, 1);

    const [post] = await readArticle(site.url, 'hostile-image-hosts');
    assert.ok(post, 'the post was saved');
    const localUrl = response.json.inline_images_result.imported[0].local_url as string;
    assert.ok(post.content.includes(localUrl), 'the body shows the imported image');
    const served = await request(localUrl);
    assert.equal(served.status, 200);
    await siteIsUp();
  });

  it('item 1: the same hostile article again, as a retrying sender would send it, still finds the site up', async () => {
    const content = HOSTILE_SHAPES.filter((shape) => !/slow|silence/.test(shape.path))
      .map((shape) => `<p>${shape.path}</p><img src="${host.url(shape.path)}?retry">`)
      .join('');
    const responses = await Promise.all(
      [1, 2, 3].map((n) => publish({ title: `Hostile retry ${n}`, content }))
    );
    for (const response of responses) assert.equal(response.status, 201, response.text);
    await siteIsUp();
  });

  it('item 6c: no image URL password or signature reaches the answer warnings, the ledger, the activity API, any table but the post body, or the log', async () => {
    const png = await makeImage('png', 64, 48, 321);
    // Values no table or log line of a fresh site holds by chance ("secret" alone is a common word there).
    const [password, signature, credential] = ['secret-pw-4711', 'abc123-sig-4711', 'AKIAEXAMPLE4711'];
    const signed = (base: string, path: string) =>
      base.replace('http://', `http://user:${password}@`) +
      `${path}?X-Amz-Credential=${credential}&X-Amz-Signature=${signature}`;
    images.file('/signed/ok.png', png, 'image/png');
    const imported = signed(images.url, '/signed/ok.png');
    const missing = signed(images.url, '/signed/missing.png');
    // Ends the process on code without the guard, whose crash report quotes the URL it redirected from.
    const brokenRedirect = signed(host.origin, '/location-unparsable');
    const ftp = `ftp://user:${password}@files.example.com/a.png?signature=${signature}`;
    const response = await publish({
      title: 'Signed image URLs',
      content: `<p>a</p><img src="${imported}"><img src="${missing}"><img src="${brokenRedirect}"><img src="${ftp}">`,
      featured_image: signed(images.url, '/signed/missing-cover.png'),
    });
    assert.equal(response.status, 201, response.text);
    await siteIsUp();

    const result = response.json.inline_images_result as {
      imported: { source_url: string }[];
      warnings: ImageWarning[];
    };
    // The caller finds its own URL among the imported images (the contract's "original URL").
    assert.deepEqual(
      result.imported.map((image) => image.source_url),
      [imported]
    );
    const redactedHost = (base: string) => base.replace('http://', 'http://***@');
    assert.deepEqual(
      result.warnings.map((warning) => warning.source_url).sort(),
      [
        'ftp://***@files.example.com/a.png?…redacted',
        `${redactedHost(images.url)}/signed/missing.png?…redacted`,
        `${redactedHost(host.origin)}/location-unparsable?…redacted`,
      ].sort()
    );
    assert.match(response.json.featured_image_result, /^warning: the server answered HTTP 404$/);
    const answerWarnings = JSON.stringify([result.warnings, response.json.warnings]);

    const [ledgerRow] = (await tableRows(site.database, 'article_publisher_deliveries')).filter(
      (row) => row.slug === 'signed-image-urls'
    );
    assert.ok(ledgerRow, 'the delivery is in the ledger');
    const ledger = JSON.stringify(ledgerRow);
    assert.ok(ledger.includes(`${redactedHost(images.url)}/signed/missing.png?…redacted`), ledger);

    const token = await registerSuperAdmin(site.url);
    const activity = await request(`${site.url}/article-publisher/activity`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(activity.status, 200, activity.text);
    const entry = activity.json.results.find(
      (candidate: { slug: string }) => candidate.slug === 'signed-image-urls'
    );
    assert.ok(entry, activity.text);
    assert.ok(
      entry.warnings.some((warning: string) =>
        warning.startsWith(`${redactedHost(host.origin)}/location-unparsable?…redacted: `)
      ),
      entry.warnings
    );

    for (const secret of [password, signature, credential]) {
      assert.ok(!answerWarnings.includes(secret), `answer warnings hold "${secret}": ${answerWarnings}`);
      assert.ok(!ledger.includes(secret), `the ledger holds "${secret}": ${ledger}`);
      assert.ok(!JSON.stringify(entry).includes(secret), `the activity API shows "${secret}"`);
      assert.ok(!site.output().includes(secret), `the log holds "${secret}":\n${site.output()}`);
      // The post body keeps the images that were not imported as the article sent them: that is the
      // article's own content, not something the plugin wrote down.
      assert.deepEqual(
        [...new Set(await tablesContaining(site.database, secret))],
        ['articles'],
        `tables holding "${secret}"`
      );
    }
  });
});
