import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { addressRange, isPublicAddress } from '../src/images/address-policy';
import { fetchImageBytes, loadImageSource, type FetchPolicy } from '../src/images/fetch-image';
import { inspectImage, verifyImageDecodes } from '../src/images/image-check';

/** The header checks and the full decode, one after the other, as an import runs them. */
async function checkImageBytes(bytes: Buffer | string, maxPixels: number) {
  const { mimeType, extension, width, height } = await inspectImage(bytes, maxPixels);
  await verifyImageDecodes(bytes, maxPixels);
  return { mimeType, extension, width, height };
}
import { ImageRejected } from '../src/images/image-rejected';
import { createLimiter } from '../src/images/concurrency';

const rejectedWith = (pattern: RegExp) => (error: unknown) =>
  error instanceof ImageRejected && pattern.test(error.message);

describe('address policy', () => {
  it('refuses loopback, private, link-local, unique-local, mapped and reserved addresses', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.0.0.1',
      '10.255.255.255',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
      '::',
      '100.64.0.1',
      '224.0.0.1',
      'ff02::1',
      '240.0.0.1',
      '255.255.255.255',
      '2001:db8::1',
      '64:ff9b::a00:1',
    ]) {
      assert.equal(isPublicAddress(address), false, address);
    }
  });

  it('judges IPv4-compatible IPv6 addresses (::a.b.c.d) by the IPv4 address they carry', () => {
    // URL parsing writes [::127.0.0.1] as [::7f00:1], so both spellings must be refused.
    for (const address of [
      '::127.0.0.1',
      '::7f00:1',
      '::10.0.0.1',
      '::a00:1',
      '::169.254.169.254',
      '::192.168.1.1',
      '::0.0.0.2',
    ]) {
      assert.equal(isPublicAddress(address), false, address);
    }
    assert.equal(addressRange('::7f00:1'), 'loopback');
    assert.equal(addressRange('::a00:1'), 'private');
    assert.equal(isPublicAddress('::8.8.8.8'), true, 'a public IPv4 address stays public in this form');
  });

  it('refuses an https image URL whose host is an IPv4-compatible loopback literal, before connecting', async () => {
    const policy: FetchPolicy = {
      maxBytes: 1000,
      timeoutMs: 2000,
      maxRedirects: 3,
      allowHttp: false,
      allowPrivateNetworks: false,
    };
    await assert.rejects(
      fetchImageBytes('https://[::127.0.0.1]:9/x.png', policy),
      rejectedWith(/::7f00:1 is loopback, not public/)
    );
  });

  it('accepts public unicast addresses', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      assert.equal(isPublicAddress(address), true, address);
    }
  });
});

describe('fetching image bytes', () => {
  let server: http.Server;
  let port = 0;
  const routes = new Map<string, (res: http.ServerResponse) => void>();

  before(async () => {
    server = http.createServer((req, res) => {
      const route = routes.get(req.url ?? '');
      if (route) route(res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const policy = (overrides: Partial<FetchPolicy> = {}): FetchPolicy => ({
    maxBytes: 1024 * 1024,
    timeoutMs: 2000,
    maxRedirects: 3,
    allowHttp: true,
    allowPrivateNetworks: false,
    // Test host names resolve to addresses the test chooses; the socket then connects to 127.0.0.1
    // only when private networks are allowed.
    resolve: async (host) =>
      ({
        'public.test': ['93.184.216.34'],
        'internal.test': ['10.0.0.5'],
        'metadata.test': ['169.254.169.254'],
        'v6loop.test': ['::1'],
        'mapped.test': ['::ffff:127.0.0.1'],
      })[host] ?? [],
    ...overrides,
  });

  it('refuses a literal loopback URL and host names resolving to private addresses', async () => {
    await assert.rejects(
      fetchImageBytes(`http://127.0.0.1:${port}/a.png`, policy()),
      rejectedWith(/127\.0\.0\.1 is loopback/)
    );
    await assert.rejects(fetchImageBytes('http://[::1]/a.png', policy()), rejectedWith(/::1 is loopback/));
    await assert.rejects(
      fetchImageBytes('http://internal.test/a.png', policy()),
      rejectedWith(/10\.0\.0\.5 is private/)
    );
    await assert.rejects(
      fetchImageBytes('http://metadata.test/latest', policy()),
      rejectedWith(/169\.254\.169\.254 is linkLocal/)
    );
    await assert.rejects(
      fetchImageBytes('http://v6loop.test/a.png', policy()),
      rejectedWith(/::1 is loopback/)
    );
    await assert.rejects(
      fetchImageBytes('http://mapped.test/a.png', policy()),
      rejectedWith(/::ffff:127\.0\.0\.1 is loopback/)
    );
  });

  it('re-checks every redirect hop: a redirect from a public address to a private one is refused', async () => {
    // The local server stands in for a public host (only 127.0.0.1 counts as public here); its
    // redirects point at a private host name and at another loopback address.
    const standIn = policy({
      isPublic: (address) => address === '127.0.0.1',
      resolve: async (host) => (host === 'cdn.test' ? ['127.0.0.1'] : ['10.0.0.5']),
    });
    routes.set('/to-private', (res) => res.writeHead(302, { location: 'http://internal.test/secret' }).end());
    routes.set('/to-loopback', (res) =>
      res.writeHead(302, { location: `http://127.0.0.2:${port}/ok` }).end()
    );
    routes.set('/ok', (res) => res.writeHead(200).end(Buffer.alloc(10, 1)));
    assert.equal(
      (await fetchImageBytes(`http://cdn.test:${port}/ok`, standIn)).bytes.length,
      10,
      'the stand-in itself is reachable'
    );
    await assert.rejects(
      fetchImageBytes(`http://cdn.test:${port}/to-private`, standIn),
      rejectedWith(/internal\.test: the address 10\.0\.0\.5 is private/)
    );
    await assert.rejects(
      fetchImageBytes(`http://cdn.test:${port}/to-loopback`, standIn),
      rejectedWith(/127\.0\.0\.2 is loopback/)
    );
  });

  it('downloads, follows redirects and enforces the byte limit while streaming', async () => {
    const open = policy({ allowPrivateNetworks: true });
    routes.set('/ok', (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10, 1)));
    routes.set('/hop', (res) => res.writeHead(301, { location: '/ok' }).end());
    routes.set('/loop', (res) => res.writeHead(302, { location: '/loop' }).end());
    routes.set('/big', (res) => {
      res.writeHead(200); // no content-length: only the streaming check can stop it
      const chunk = Buffer.alloc(64 * 1024);
      const write = () => {
        while (res.write(chunk)) {
          // keep writing until the socket pushes back
        }
        res.once('drain', write);
      };
      write();
      res.on('close', () => undefined);
    });
    assert.equal((await fetchImageBytes(`http://127.0.0.1:${port}/ok`, open)).bytes.length, 10);
    assert.equal(
      (await fetchImageBytes(`http://127.0.0.1:${port}/hop`, open)).origin,
      `http://127.0.0.1:${port}/ok`
    );
    await assert.rejects(
      fetchImageBytes(`http://127.0.0.1:${port}/loop`, open),
      rejectedWith(/more than 3 redirects/)
    );
    await assert.rejects(
      fetchImageBytes(`http://127.0.0.1:${port}/big`, open),
      rejectedWith(/larger than the limit of 1048576 bytes/)
    );
    await assert.rejects(fetchImageBytes(`http://127.0.0.1:${port}/missing`, open), rejectedWith(/HTTP 404/));
    await assert.rejects(
      fetchImageBytes(`http://127.0.0.1:${port}/ok`, { ...open, allowHttp: false }),
      rejectedWith(/http URLs are refused/)
    );
  });

  it('gives up after the time limit', async () => {
    routes.set('/slow', (res) => setTimeout(() => res.writeHead(200).end('late'), 1500).unref());
    await assert.rejects(
      fetchImageBytes(
        `http://127.0.0.1:${port}/slow`,
        policy({ allowPrivateNetworks: true, timeoutMs: 200 })
      ),
      rejectedWith(/took longer than 200 ms/)
    );
  });

  it('decodes image data URLs under the byte limit', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const loaded = await loadImageSource(`data:image/png;base64,${png.toString('base64')}`, policy());
    assert.deepEqual(loaded.bytes, png);
    await assert.rejects(
      loadImageSource(
        `data:image/png;base64,${Buffer.alloc(4096).toString('base64')}`,
        policy({ maxBytes: 1000 })
      ),
      rejectedWith(/larger than the limit/)
    );
  });
});

describe('checking image bytes', () => {
  it('accepts real images and reports type and size', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    assert.deepEqual(await checkImageBytes(jpeg, 1e6), {
      mimeType: 'image/jpeg',
      extension: 'jpg',
      width: 40,
      height: 30,
    });
    const webp = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#00f8' } })
      .webp()
      .toBuffer();
    assert.equal((await checkImageBytes(webp, 1e6)).mimeType, 'image/webp');
  });

  it('refuses HTML named .jpg, SVG, corrupt data and too many pixels', async () => {
    await assert.rejects(
      checkImageBytes(Buffer.from('<!doctype html><html><body>hi</body></html>'), 1e6),
      rejectedWith(/not a recognised image/)
    );
    await assert.rejects(
      checkImageBytes(
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
        ),
        1e6
      ),
      rejectedWith(/not a recognised image|not an accepted image type/)
    );
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    const corrupt = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(400, 0x55)]);
    await assert.rejects(checkImageBytes(corrupt, 1e6), rejectedWith(/corrupt|could not be read/));
    await assert.rejects(
      checkImageBytes(jpeg, 1000),
      rejectedWith(/more than the limit of 1000 pixels|could not be read/)
    );
  });
});

describe('concurrency gate', () => {
  it('never runs more than the limit at once, and runs every task', async () => {
    const gate = createLimiter(3);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7].map((n) =>
        gate(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setImmediate(resolve));
          running--;
          return n * 2;
        })
      )
    );
    assert.deepEqual(results, [2, 4, 6, 8, 10, 12, 14]);
    assert.equal(peak, 3);
  });

  it('releases its slot when a task fails', async () => {
    const gate = createLimiter(1);
    await assert.rejects(gate(async () => Promise.reject(new Error('boom'))));
    assert.equal(await gate(async () => 'next'), 'next');
  });
});
