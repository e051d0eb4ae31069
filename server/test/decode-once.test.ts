/** An image handed to Strapi's upload undecoded (server/src/pipeline/media/decode-once.ts, issue #62). */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Core } from '@strapi/strapi';
import sharp from 'sharp';
import { inspectImage } from '../../core/src/images/image-check';
import { ImageRejected } from '../../core/src/images/image-rejected';
import { decodedOnce } from '../src/pipeline/media/decode-once';

const MAX_PIXELS = 10_000_000;
const policy = { maxPixels: MAX_PIXELS, maxPixelsInFlight: MAX_PIXELS };
/** Outside a request: no request context to tell the reader scheduler about. */
const strapi = {} as Core.Strapi;
/** What Strapi's upload threw in a CI run, from its optimizing step, after its own decode had passed. */
const laterFailure = () =>
  new Error(
    'vipspng: libpng read error\nvips2png: unable to write to target /tmp/strapi-upload-x/optimized-half'
  );

describe('an image Strapi`s upload decodes, when its upload fails after its own check', () => {
  let directory: string;
  const pngs: Record<'whole' | 'truncated', string> = { whole: '', truncated: '' };
  before(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'decode-once-test-'));
    const noise = { type: 'gaussian', mean: 128, sigma: 40 } as const;
    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: '#808080', noise },
    })
      .png()
      .toBuffer();
    pngs.whole = path.join(directory, 'whole.png');
    pngs.truncated = path.join(directory, 'truncated.png');
    fs.writeFileSync(pngs.whole, png);
    fs.writeFileSync(pngs.truncated, png.subarray(0, png.length >> 1));
  });
  after(() => fs.rmSync(directory, { recursive: true, force: true }));

  it('answers corrupt data as the plugin`s own refusal, found by decoding the file then', async () => {
    const header = await inspectImage(pngs.truncated, MAX_PIXELS);
    assert.equal(header.format, 'png');
    await assert.rejects(
      decodedOnce(strapi, pngs.truncated, header, policy, async () => {
        throw laterFailure();
      }),
      (error: unknown) => error instanceof ImageRejected && /the image data is corrupt/.test(error.message)
    );
  });

  it('lets any other failure through as it is: the data decodes', async () => {
    const header = await inspectImage(pngs.whole, MAX_PIXELS);
    const failure = laterFailure();
    await assert.rejects(
      decodedOnce(strapi, pngs.whole, header, policy, async () => {
        throw failure;
      }),
      (error: unknown) => error === failure
    );
  });

  it('does not decode the file when the upload succeeds (Strapi decoded it)', async () => {
    const header = await inspectImage(pngs.truncated, MAX_PIXELS);
    const checks: string[] = [];
    const stored = await decodedOnce(strapi, pngs.truncated, header, policy, async (check) => {
      await check();
      checks.push('checked');
      return 'stored';
    });
    assert.equal(stored, 'stored');
    assert.deepEqual(checks, ['checked'], 'the check before the upload is Strapi`s, not a decode here');
  });
});
