import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request, type HttpResponse } from './helpers/http';
import { makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { readEntries, SiteAdmin, type Entry } from './helpers/real-sites';

/**
 * n8n's usual WordPress flow, as the plain HTTP it sends (issue 45 point 2): an HTTP Request node uploads
 * the image as the raw body, the WordPress node creates the post with its content, then sets the featured
 * image by `POST /posts/{id} {"featured_media": N}` and publishes by `{"status": "publish"}`, neither
 * re-sending the body. On a Markdown, a Blocks, a dynamic-zone and an HTML target, the body Strapi keeps must come
 * through both partial updates byte for byte.
 */
const LOGIN = 'n8n';
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const authorization = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;

/** Headings, inline marks, a link and a list: a body a rebuild would be likely to respell. */
const CONTENT = [
  '<h2>Why mulch</h2>',
  '<p>Mulch keeps the soil <strong>cool</strong> and <em>moist</em>; see <a href="https://example.com/mulch">the guide</a>.</p>',
  '<ul><li>Bark for shrubs</li><li>Straw for vegetables</li></ul>',
  '<h3>How thick</h3>',
  '<p>About 5 cm, kept off the stems.</p>',
].join('\n');

interface Target {
  name: string;
  /** The uid saved as the plugin's target; none: the playground's own Article, as `npm start` has it. */
  uid?: string;
  collection: string;
  /** The body field, in Strapi's REST answer. */
  body: string;
  /** The body is a dynamic zone (its components are rows of their own). */
  zone?: true;
  populate: Record<string, string>;
}

const TARGETS: Target[] = [
  {
    name: 'the default Article (a Markdown body)',
    collection: 'articles',
    body: 'content',
    populate: { 'populate[cover]': 'true' },
  },
  {
    name: 'a guide (a Blocks body)',
    uid: 'api::guide.guide',
    collection: 'guides',
    body: 'body',
    populate: { 'populate[cover]': 'true' },
  },
  {
    name: "Strapi's example blog (a dynamic-zone body)",
    uid: 'api::blog-article.blog-article',
    collection: 'blog-articles',
    body: 'blocks',
    zone: true,
    populate: { 'populate[cover]': 'true', 'populate[blocks][populate]': '*' },
  },
  {
    name: 'an HTML body (content_html)',
    uid: 'api::html-article.html-article',
    collection: 'html-articles',
    body: 'content_html',
    populate: { 'populate[cover]': 'true' },
  },
];

/** The stored body as text, exactly: a Markdown string as it is, Blocks and zones as their JSON. */
const serialized = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body));

/** A zone without its components' row ids, which publishing gives the published copy anew. */
const withoutRowIds = (body: unknown) =>
  JSON.stringify(body, (key, value) => (key === 'id' ? undefined : value));

describe("n8n's flow over plain HTTP: featured image and publish as partial updates (issue 45 point 2)", () => {
  let site: Playground;
  let admin: SiteAdmin;

  const wp = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    request(`${site.url}/wp-json/wp/v2${path}`, { method, body, headers: { authorization, ...headers } });

  before(async () => {
    site = await startPlayground({
      articleBodyFormat: 'auto',
      fixtureTypes: ['guide', 'blog-article', 'html-article'],
      env: { ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}` },
    });
    admin = await SiteAdmin.register(site.url);
  });
  after(async () => site?.stop());

  for (const target of TARGETS) {
    describe(target.name, () => {
      let mediaId = 0;
      let postId = 0;
      let documentId = '';
      let storedBody = '';

      /** The draft row of the post, as Strapi's REST API answers it. */
      async function draftEntry(): Promise<Entry> {
        const drafts = await readEntries(
          site.url,
          target.collection,
          { id: String(postId) },
          target.populate,
          'draft'
        );
        assert.equal(drafts.length, 1, `the post's entry (id ${postId})`);
        return drafts[0];
      }
      async function publishedEntries(): Promise<Entry[]> {
        return readEntries(site.url, target.collection, { documentId }, target.populate, 'published');
      }
      function needsPost() {
        if (!postId) throw new Error('needs the post the create step makes, which failed');
      }
      function assertUpdated(response: HttpResponse, what: string) {
        assert.equal(response.status, 200, `${what}: ${response.text}`);
        assert.equal(response.json.id, postId);
      }

      before(async () => {
        if (target.uid) await admin.useTarget(target.uid);
      });

      it('uploads the image as the raw body (Content-Type and Content-Disposition)', async () => {
        const bytes = await makeImage('png', 240, 160, target.collection.length);
        const media = await wp('POST', '/media', bytes, {
          'content-type': 'image/png',
          'content-disposition': `attachment; filename="mulch-${target.collection}.png"`,
        });
        assert.equal(media.status, 201, media.text);
        mediaId = media.json.id;
        assert.ok(Number.isInteger(mediaId) && mediaId > 0);
      });

      it('creates the post with its content, as a draft', async () => {
        const created = await wp('POST', '/posts', {
          title: `Mulching (${target.collection})`,
          content: CONTENT,
        });
        assert.equal(created.status, 201, created.text);
        assert.equal(created.json.status, 'draft');
        postId = created.json.id;
        const entry = await draftEntry();
        documentId = entry.documentId;
        storedBody = serialized(entry[target.body]);
        assert.ok(storedBody.includes('Why mulch') && storedBody.includes('About 5 cm'), storedBody);
        assert.equal(entry.cover ?? null, null, 'no cover yet');
      });

      it('sets the featured image by {"featured_media": N} alone: the cover is set, the body byte-identical', async () => {
        needsPost();
        const updated = await wp('POST', `/posts/${postId}`, { featured_media: mediaId });
        assertUpdated(updated, 'the featured_media update');
        assert.equal(updated.json.featured_media, mediaId);
        assert.equal(updated.json.status, 'draft', 'the status is not sent, so it stays');
        const entry = await draftEntry();
        assert.equal(entry.cover?.id, mediaId, 'the cover is the uploaded file');
        assert.equal(serialized(entry[target.body]), storedBody, 'the body is left exactly as stored');
      });

      it('publishes by {"status": "publish"} alone: published, the body byte-identical, the cover kept', async () => {
        needsPost();
        const updated = await wp('POST', `/posts/${postId}`, { status: 'publish' });
        assertUpdated(updated, 'the status update');
        assert.equal(updated.json.status, 'publish');
        const entry = await draftEntry();
        assert.equal(serialized(entry[target.body]), storedBody, 'the draft body is left exactly as stored');

        const published = await publishedEntries();
        assert.equal(published.length, 1, 'the entry is published');
        const [live] = published;
        assert.equal(live.title, `Mulching (${target.collection})`);
        if (!target.zone) {
          assert.equal(serialized(live[target.body]), storedBody, 'the published body is the stored one');
        } else {
          // Publishing copies a zone's components into rows of their own: the same content, new row ids.
          assert.equal(
            withoutRowIds(live[target.body]),
            withoutRowIds(JSON.parse(storedBody)),
            'the published zone is the stored one'
          );
        }
        assert.equal(live.cover?.id, mediaId, 'the cover is kept');
      });
    });
  }
});
