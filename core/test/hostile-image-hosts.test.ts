import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { guarded } from '../src/guarded-callback';
import { downloadImageToFile, fetchImageBytes, type FetchPolicy } from '../src/images/fetch-image';
import { inspectImage } from '../src/images/image-check';
import { ImageRejected } from '../src/images/image-rejected';
import { ENDLESS_REDIRECT_PATH, HOSTILE_SHAPES, HostileImageHost } from './helpers/hostile-image-host';

const TIME_LIMIT_MS = 1000;

const policy = (overrides: Partial<FetchPolicy> = {}): FetchPolicy => ({
  maxBytes: 1024 * 1024,
  timeoutMs: TIME_LIMIT_MS,
  maxRedirects: 3,
  allowHttp: true,
  allowPrivateNetworks: true,
  ...overrides,
});

/**
 * The reason the import's first two steps, download and header check, refuse a source with; `load`
 * gives the downloaded bytes or the file they went to.
 */
async function refusalOf(load: () => Promise<Buffer | string>): Promise<string> {
  try {
    await inspectImage(await load(), 1e6);
  } catch (error) {
    assert.ok(error instanceof ImageRejected, `not an ImageRejected: ${(error as Error).stack}`);
    return error.message;
  }
  assert.fail('the hostile answer was accepted as an image');
}

const until = async (condition: () => boolean, what: string) => {
  for (let attempt = 0; !condition(); attempt++) {
    assert.ok(attempt < 100, what);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('image fetcher against a hostile image host (issue #32 item 1)', () => {
  let host: HostileImageHost;
  let folder: string;
  let goodImage: Buffer;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  before(async () => {
    goodImage = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    host = await new HostileImageHost(goodImage).start();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-hosts-'));
    process.on('uncaughtException', onUncaught);
  });
  after(async () => {
    process.off('uncaughtException', onUncaught);
    await host.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  for (const shape of HOSTILE_SHAPES) {
    it(`${shape.path} (${shape.description}): a refusal with a reason, for a file and in memory`, async () => {
      const file = path.join(folder, shape.path.slice(1));
      const [toFile, inMemory] = await Promise.all([
        refusalOf(async () => (await downloadImageToFile(host.url(shape.path), policy(), file)) && file),
        refusalOf(async () => (await fetchImageBytes(host.url(shape.path), policy())).bytes),
      ]);
      assert.match(toFile, shape.reason);
      assert.match(inMemory, shape.reason);
      assert.deepEqual(uncaught, [], 'nothing escaped to the event loop');
    });
  }

  it('every hostile answer at once, then the good image: all refused, the good one downloaded', async () => {
    const reasons = await Promise.all(
      HOSTILE_SHAPES.map((shape) =>
        refusalOf(async () => (await fetchImageBytes(host.url(shape.path), policy())).bytes)
      )
    );
    reasons.forEach((reason, index) => assert.match(reason, HOSTILE_SHAPES[index].reason));
    const good = await fetchImageBytes(host.url('/good.png'), policy());
    assert.deepEqual(good.bytes, goodImage);
    assert.deepEqual(uncaught, []);
  });

  it('a redirect whose body never ends is followed, and its connection is not kept open', async () => {
    const loaded = await fetchImageBytes(host.url(ENDLESS_REDIRECT_PATH), policy());
    assert.deepEqual(loaded.bytes, goodImage);
    await until(() => host.openConnections === 0, 'a connection stayed open after the download');
  });

  it('connections of refused and timed-out downloads are closed', async () => {
    await Promise.allSettled(
      ['/slow-drip', '/slow-headers', '/location-relative-loop'].map((shape) =>
        fetchImageBytes(host.url(shape), policy())
      )
    );
    await until(() => host.openConnections === 0, 'a connection stayed open after the refusal');
  });

  it('a resolver that throws, or returns something that is not an address, is a refusal', async () => {
    const throwing = policy({
      resolve: () => {
        throw new Error('resolver bug');
      },
    });
    await assert.rejects(
      fetchImageBytes('http://images.test/a.png', throwing),
      (error: unknown) =>
        error instanceof ImageRejected && /images\.test could not be resolved/.test(error.message)
    );
    const nonsense = policy({ resolve: async () => ['not-an-address'] });
    await assert.rejects(
      fetchImageBytes(`http://images.test:${host.port}/good.png`, nonsense),
      ImageRejected
    );
    const refused = policy({ allowPrivateNetworks: false, resolve: async () => ['not-an-address'] });
    await assert.rejects(
      fetchImageBytes(`http://images.test:${host.port}/good.png`, refused),
      (error: unknown) => error instanceof ImageRejected && /not-an-address is invalid/.test(error.message)
    );
    assert.deepEqual(uncaught, []);
  });

  it('a hash timer that throws fails the download instead of escaping from the stream', async () => {
    const file = path.join(folder, 'timer');
    await assert.rejects(
      downloadImageToFile(host.url('/good.png'), policy(), file, () => {
        throw new Error('timer broke');
      }),
      (error: unknown) => error instanceof ImageRejected && /timer broke/.test(error.message)
    );
    assert.deepEqual(uncaught, []);
  });
});

describe('guarded callbacks', () => {
  it('hands a throw to onThrow and passes arguments through', () => {
    const seen: unknown[] = [];
    const failures: unknown[] = [];
    const callback = guarded(
      (a: number, b: string) => {
        seen.push(a, b);
        if (a < 0) throw new Error('negative');
      },
      (error) => failures.push((error as Error).message)
    );
    callback(1, 'x');
    callback(-1, 'y');
    assert.deepEqual(seen, [1, 'x', -1, 'y']);
    assert.deepEqual(failures, ['negative']);
  });
});
