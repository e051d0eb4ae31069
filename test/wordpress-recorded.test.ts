import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { jsonShape, shapeDifferences } from './helpers/json-shape';
import { startPlayground, type Playground } from './helpers/playground';
import { playScenario, type RecordedAnswer } from './helpers/wordpress-scenario';

/**
 * The plugin's WordPress core API against a real WordPress's answers to the same requests
 * (test/fixtures/wordpress/recorded.json; scripts/wordpress-recording/README.md says how it was made).
 * For each request: the same status, the same error code, the same key names with the same JSON types
 * (two levels deep), and the headers clients read.
 */

const recording = JSON.parse(
  fs.readFileSync(path.join(__dirname, 'fixtures', 'wordpress', 'recorded.json'), 'utf8')
) as { answers: RecordedAnswer[] };

const LOGIN = 'recorder';
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';

/**
 * Where the plugin answers otherwise on purpose, with the reason (docs/wordpress.md lists them too).
 * Such an answer must still be a WordPress error in WordPress's shape, with a 4xx status.
 */
const DELIBERATE: Record<string, string> = {
  // WordPress 6.1 creates the post and drops the unknown id; the issue asks for a refusal, so a
  // service learns at once that its upload did not land.
  'post-create-unknown-featured-media': 'refused: no media library file has that id',
  'post-create-unknown-category': 'refused: no category has that id',
  // WordPress lets an administrator upload text files; the media route takes images only.
  'media-not-an-image': 'refused: only images are imported',
};

/** Answers whose status differs on purpose; their headers are compared still. */
const STATUS_DIFFERS: Record<string, string> = {
  // WordPress's home page is the site; a Strapi site's root redirects to its admin panel, and keeps
  // doing so. Clients read the discovery Link header, which the redirect carries too.
  discovery: "Strapi's root redirects to the admin panel",
};

/**
 * How shapes are compared. The index lists the routes the plugin serves, some of WordPress's; a
 * user's capabilities are the service login's (an author's), not an administrator's; an image's EXIF
 * details and intermediate sizes are WordPress's own. A post's `meta` is an empty list in WordPress (it
 * drops unregistered keys) while the plugin echoes the SEO keys it kept.
 */
const SHAPE_OPTIONS = {
  subset: ['routes'],
  typeOnly: ['capabilities', 'extra_capabilities', 'media_details.image_meta', 'media_details.sizes'],
};
/**
 * The plugin's own field on a post write's answer, present only when the delivery has warnings (an
 * emptied body, ...), as a WordPress plugin adds one (register_rest_field): docs/wordpress.md.
 */
const PLUGIN_FIELDS = ['article_publisher_warnings'];
const metaEchoed = (name: string) => (name.startsWith('post-') ? ['meta', '[].meta', ...PLUGIN_FIELDS] : []);

describe('the WordPress core API answers as a real WordPress does', () => {
  let site: Playground;
  let answers: RecordedAnswer[];

  before(async () => {
    // A target with every role the scenario fills: excerpt, date, categories with parents, tags, SEO.
    // It keeps HTML, as WordPress does (every body format is served as HTML: docs/wordpress.md).
    site = await startPlayground({
      fixtureTypes: ['press-article'],
      env: { ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}` },
      pluginConfig: { targetContentType: 'api::press-article.press-article', bodyFormat: 'html' },
    });
    // The recorded WordPress was new, so it had its one published sample post ("Hello world!").
    const sample = await fetch(`${site.url}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ title: 'Hello world!', content: '<p>Welcome.</p>', status: 'publish' }),
    });
    assert.equal(sample.status, 201, await sample.text());
    answers = await playScenario(site.url, { login: LOGIN, password: PASSWORD });
  });
  after(async () => {
    await site?.stop();
  });

  for (const recorded of recording.answers) {
    it(`${recorded.name}: ${recorded.request.method} ${recorded.request.path}`, () => {
      const answer = answers.find((candidate) => candidate.name === recorded.name);
      assert.ok(answer, `the scenario played ${recorded.name}`);
      if (DELIBERATE[recorded.name]) {
        assert.ok(answer.status >= 400 && answer.status < 500, `${recorded.name}: ${answer.status}`);
        const error = answer.body as { code?: unknown; message?: unknown; data?: { status?: unknown } };
        assert.equal(typeof error.code, 'string');
        assert.equal(typeof error.message, 'string');
        assert.equal(error.data?.status, answer.status);
        return;
      }
      if (!STATUS_DIFFERS[recorded.name])
        assert.equal(answer.status, recorded.status, `status of ${recorded.name}`);
      const recordedCode = (recorded.body as { code?: string } | null)?.code;
      if (recorded.status >= 400) {
        assert.equal((answer.body as { code?: string }).code, recordedCode, `error code of ${recorded.name}`);
      }
      const differences = shapeDifferences(jsonShape(recorded.body, 2), jsonShape(answer.body, 2), {
        ...SHAPE_OPTIONS,
        ignore: metaEchoed(recorded.name),
      });
      assert.deepEqual(differences, [], `key names and JSON types of ${recorded.name}`);
      for (const header of ['x-wp-total', 'x-wp-totalpages'] as const) {
        assert.equal(header in answer.headers, header in recorded.headers, `${header} of ${recorded.name}`);
      }
      assert.equal(
        (answer.headers['content-type'] ?? '').split(';')[0],
        (recorded.headers['content-type'] ?? '').split(';')[0],
        `content type of ${recorded.name}`
      );
      const rels = (links: string | undefined) =>
        [...(links ?? '').matchAll(/rel="([^"]+)"/g)].map((match) => match[1]).sort();
      assert.deepEqual(
        rels(answer.headers.link),
        rels(recorded.headers.link),
        `Link relations of ${recorded.name}`
      );
    });
  }
});
