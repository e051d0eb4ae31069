import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { animatedGif } from '../../test/helpers/animated-gif';
import { normalizeArticle, articleFromPublishRequest } from '../src/article';
import { assertValidConfig, DEFAULT_CONFIG, settingsSchema } from '../src/config';
import { inspectImage } from '../src/images/image-check';
import { ImageRejected } from '../src/images/image-rejected';
import { createPixelBudget } from '../src/images/pixel-budget';
import { refusedImageSources } from '../src/images/refused-image-sources';
import { removeStaleTempFolders, TEMP_FOLDER_PREFIX } from '../src/images/temp-folders';

/** A task that runs until `finish` is called, recording when it started. */
function controlledTask(log: string[], name: string) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const task = async () => {
    log.push(name);
    await done;
  };
  return { task, finish: () => finish() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('pixel budget', () => {
  it('runs images that together exceed the budget one after another, and small ones side by side', async () => {
    const budget = createPixelBudget();
    const started: string[] = [];
    const big1 = controlledTask(started, 'big1');
    const big2 = controlledTask(started, 'big2');
    const runs = [
      budget.run(49_000_000, 50_000_000, big1.task),
      budget.run(49_000_000, 50_000_000, big2.task),
    ];
    await settle();
    assert.deepEqual(started, ['big1']);
    assert.equal(budget.inUse(), 49_000_000);
    big1.finish();
    await runs[0];
    await settle();
    assert.deepEqual(started, ['big1', 'big2']);
    big2.finish();
    await runs[1];
    assert.equal(budget.inUse(), 0);

    const smalls = [1, 2, 3].map((n) => controlledTask(started, `small${n}`));
    const smallRuns = smalls.map((small) => budget.run(1_000_000, 50_000_000, small.task));
    await settle();
    assert.deepEqual(started.slice(2), ['small1', 'small2', 'small3']);
    smalls.forEach((small) => small.finish());
    await Promise.all(smallRuns);
  });

  it('lets an image larger than the whole budget run alone, and serves waiters in arrival order', async () => {
    const budget = createPixelBudget();
    const started: string[] = [];
    const small = controlledTask(started, 'small');
    const huge = controlledTask(started, 'huge');
    const later = controlledTask(started, 'later');
    const runs = [
      budget.run(10, 100, small.task),
      budget.run(1_000, 100, huge.task),
      budget.run(10, 100, later.task),
    ];
    await settle();
    assert.deepEqual(
      started,
      ['small'],
      'the huge image waits for the budget to empty, and the later small one waits behind it'
    );
    small.finish();
    await runs[0];
    await settle();
    assert.deepEqual(started, ['small', 'huge']);
    huge.finish();
    await runs[1];
    await settle();
    assert.deepEqual(started, ['small', 'huge', 'later']);
    later.finish();
    await runs[2];
  });

  it('at the default budget, runs many web-sized images together and a ~5 MB photo alone', async () => {
    const budget = createPixelBudget();
    const capacity = DEFAULT_CONFIG.images.maxPixelsInFlight;
    const started: string[] = [];
    const smalls = Array.from({ length: 8 }, (_, n) => controlledTask(started, `small${n}`));
    const photo = controlledTask(started, 'photo');
    const next = controlledTask(started, 'next');
    const runs = [
      ...smalls.map((small) => budget.run(1200 * 800, capacity, small.task)),
      budget.run(2600 * 1950, capacity, photo.task),
      budget.run(2600 * 1950, capacity, next.task),
    ];
    await settle();
    assert.equal(started.length, 8, 'eight 1200x800 images decode side by side');
    smalls.forEach((small) => small.finish());
    await settle();
    assert.deepEqual(started.slice(8), ['photo'], 'the second 5-megapixel photo waits for the first');
    photo.finish();
    await settle();
    assert.deepEqual(started.slice(8), ['photo', 'next']);
    next.finish();
    await Promise.all(runs);
  });

  it('frees its share when the task fails', async () => {
    const budget = createPixelBudget();
    await assert.rejects(
      budget.run(5, 10, async () => Promise.reject(new Error('boom'))),
      /boom/
    );
    assert.equal(budget.inUse(), 0);
  });
});

describe('pixel budget option', () => {
  it('defaults to a budget that fits a 512 MB container, is validated, and may be absent from settings saved before it existed', () => {
    assert.equal(DEFAULT_CONFIG.images.maxPixelsInFlight, 8_000_000);
    assert.throws(
      () =>
        assertValidConfig({ ...DEFAULT_CONFIG, images: { ...DEFAULT_CONFIG.images, maxPixelsInFlight: 10 } }),
      /"images\.maxPixelsInFlight"/
    );
    const {
      allowHttp: _allowHttp,
      allowPrivateNetworks: _allowPrivate,
      maxPixelsInFlight: _budget,
      ...olderImages
    } = DEFAULT_CONFIG.images;
    assert.equal(settingsSchema.safeParse({ images: olderImages }).success, true);
  });
});

describe('image header checks', () => {
  it('counts every frame of an animated image against the pixel limit', async () => {
    const gif = animatedGif(1600, 1600, 100);
    assert.ok(gif.length < 4096, `the GIF is ${gif.length} bytes`);
    await assert.rejects(
      inspectImage(gif, 50_000_000),
      (error: unknown) =>
        error instanceof ImageRejected &&
        /1600x1600 with 100 frames \(256000000 pixels\), more than the limit of 50000000/.test(error.message)
    );
    const header = await inspectImage(gif, 300_000_000);
    assert.equal(header.frames, 100);
    assert.equal(header.pixels, 256_000_000);
  });

  it('counts a still image once', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const header = await inspectImage(png, 1_000_000);
    assert.deepEqual(header, {
      mimeType: 'image/png',
      extension: 'png',
      width: 300,
      height: 200,
      frames: 1,
      pixels: 60_000,
      format: 'png',
    });
  });
});

describe('refused inline image sources', () => {
  const html = [
    '<img src="http://example.com/a.png">',
    '<img src="file:///etc/passwd">',
    '<img src="ftp://example.com/b.png">',
    '<img src="https://example.com/ok.png">',
    '<img src="/uploads/local.png">',
    '<img src="data:image/png;base64,AAAA">',
    '<img src="FTP://example.com/b.png">',
  ].join('');

  it('reports every image the sanitizer drops for its scheme, http only when http is not allowed', () => {
    const refused = refusedImageSources(html, false);
    assert.deepEqual(
      refused.map((warning) => warning.source_url),
      ['http://example.com/a.png', 'file:///etc/passwd', 'ftp://example.com/b.png', 'FTP://example.com/b.png']
    );
    assert.match(refused[0].reason, /http image URLs are refused \(images\.allowHttp is off\)/);
    assert.match(
      refused[1].reason,
      /^not imported: file image URLs are refused; the image was removed from the body$/
    );
    assert.deepEqual(
      refusedImageSources(html, true).map((warning) => warning.source_url),
      ['file:///etc/passwd', 'ftp://example.com/b.png', 'FTP://example.com/b.png']
    );
  });

  it('carries them on the normalized article, without changing its content digest', () => {
    const fields = articleFromPublishRequest({ title: 'T', content: `<p>x</p>${html}` } as Parameters<
      typeof articleFromPublishRequest
    >[0]);
    const options = { defaultStatus: 'draft' as const, sanitize: { allowHttpImages: false } };
    const article = normalizeArticle(fields, options);
    assert.equal(article.refusedImages?.length, 4);
    assert.ok(!article.html.includes('file:'), 'the sanitizer still removes them');
    const withoutRefused = normalizeArticle(
      {
        ...fields,
        html: '<p>x</p><img src="https://example.com/ok.png"><img src="/uploads/local.png"><img src="data:image/png;base64,AAAA">',
      },
      options
    );
    assert.equal(article.html, withoutRefused.html);
    assert.equal(article.contentHash, withoutRefused.contentHash);
  });
});

describe('stale temporary folders', () => {
  it("removes only the plugin's own folders older than the age limit", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'h4-tempdir-test-'));
    try {
      const make = (name: string, ageMs: number) => {
        const folder = path.join(root, name);
        fs.mkdirSync(folder);
        fs.writeFileSync(path.join(folder, 'download'), 'x');
        const when = new Date(Date.now() - ageMs);
        fs.utimesSync(folder, when, when);
      };
      make(`${TEMP_FOLDER_PREFIX}old`, 2 * 60 * 60 * 1000);
      make(`${TEMP_FOLDER_PREFIX}fresh`, 60 * 1000);
      make('someone-else-old', 2 * 60 * 60 * 1000);
      fs.writeFileSync(path.join(root, `${TEMP_FOLDER_PREFIX}file`), 'not a folder');
      const removed = await removeStaleTempFolders(root, 60 * 60 * 1000);
      assert.deepEqual(removed, [`${TEMP_FOLDER_PREFIX}old`]);
      assert.deepEqual(fs.readdirSync(root).sort(), [
        `${TEMP_FOLDER_PREFIX}file`,
        `${TEMP_FOLDER_PREFIX}fresh`,
        'someone-else-old',
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
