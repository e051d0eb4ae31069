import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from './helpers/http';
import { makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { readEntries, SiteAdmin, type Entry } from './helpers/real-sites';
import { apiFetchFlow } from './helpers/wordpress-clients';

/**
 * Issue #56 part A: a client that reads a post and writes it back loses nothing. The block editor and
 * many tools GET a post with `context=edit`, change the title and send `content: content.raw` back; on
 * a Markdown, a Blocks and a dynamic-zone target the body Strapi keeps must come through unchanged,
 * and `content.rendered` is HTML (headings, list, table, link, image), as WordPress always serves it.
 */
const LOGIN = 'editor';
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const authorization = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;

/** Headings, a linked and marked paragraph, a list, a table and a library image: all a rebuild could respell. */
const contentWith = (imageUrl: string) =>
  [
    '<h2>Planting garlic</h2>',
    '<p>Garlic wants <strong>cold</strong> weather; see <a href="https://example.com/garlic">the almanac</a>.</p>',
    '<ul><li>Split the bulbs</li><li>Plant pointed end up</li></ul>',
    '<h3>Spacing</h3>',
    '<table><thead><tr><th>Variety</th><th>Spacing</th></tr></thead><tbody><tr><td>Softneck</td><td>10 cm</td></tr></tbody></table>',
    `<figure><img src="${imageUrl}" alt="Garlic bulbs"></figure>`,
    '<p>Mulch after planting.</p>',
  ].join('\n');

interface Target {
  name: string;
  /** The uid saved as the plugin's target; none: the playground's own Article (Markdown), as `npm start` has it. */
  uid?: string;
  collection: string;
  /** The body field, in Strapi's REST answer. */
  body: string;
  populate: Record<string, string>;
  /** Whether the format holds a table (Strapi blocks have none: a table is stored as one paragraph per row). */
  holdsTables: boolean;
  /** Whether it holds an image's alt text (a zone's media component holds the file alone). */
  holdsAlt: boolean;
}

const TARGETS: Target[] = [
  {
    name: 'the default Article (a Markdown body)',
    collection: 'articles',
    body: 'content',
    populate: {},
    holdsTables: true,
    holdsAlt: true,
  },
  {
    name: 'a guide (a Blocks body)',
    uid: 'api::guide.guide',
    collection: 'guides',
    body: 'body',
    populate: {},
    holdsTables: false,
    holdsAlt: true,
  },
  {
    name: "Strapi's example blog (a dynamic-zone body)",
    uid: 'api::blog-article.blog-article',
    collection: 'blog-articles',
    body: 'blocks',
    populate: { 'populate[blocks][populate]': '*' },
    holdsTables: true,
    holdsAlt: false,
  },
];

/** The stored body as text, exactly: a Markdown string as it is, Blocks and zones as their JSON. */
const serialized = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body));

describe('a client that reads a post and writes it back loses nothing (issue #56 part A)', () => {
  let site: Playground;
  let admin: SiteAdmin;

  const wp = (method: string, path: string, body?: unknown) =>
    request(`${site.url}/wp-json/wp/v2${path}`, { method, body, headers: { authorization } });

  before(async () => {
    site = await startPlayground({
      articleBodyFormat: 'auto',
      fixtureTypes: ['guide', 'blog-article'],
      env: { ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}` },
    });
    admin = await SiteAdmin.register(site.url);
  });
  after(async () => site?.stop());

  /** The stored body and title of a post's draft, as Strapi's REST API answers them. */
  async function stored(target: Target, postId: number): Promise<{ body: string; title: string }> {
    const drafts: Entry[] = await readEntries(
      site.url,
      target.collection,
      { id: String(postId) },
      target.populate,
      'draft'
    );
    assert.equal(drafts.length, 1, `the post's entry (id ${postId})`);
    return { body: serialized(drafts[0][target.body]), title: drafts[0].title };
  }

  for (const target of TARGETS) {
    describe(target.name, () => {
      let postId = 0;
      let before: { body: string; title: string } = { body: '', title: '' };

      it('serves content.rendered and content.raw as HTML: headings, list, table, link and image', async () => {
        if (target.uid) await admin.useTarget(target.uid);
        const bytes = await makeImage('png', 200, 120, target.collection.length);
        const media = await request(`${site.url}/wp-json/wp/v2/media`, {
          method: 'POST',
          body: bytes,
          headers: {
            authorization,
            'content-type': 'image/png',
            'content-disposition': `attachment; filename="garlic-${target.collection}.png"`,
          },
        });
        assert.equal(media.status, 201, media.text);
        const created = await wp('POST', '/posts', {
          title: `Garlic (${target.collection})`,
          content: contentWith(media.json.source_url),
        });
        assert.equal(created.status, 201, created.text);
        postId = created.json.id;
        before = await stored(target, postId);
        assert.ok(before.body.includes('Planting garlic'), before.body);
        assert.ok(!before.body.includes('<h2>'), 'the target keeps its own format, not HTML');

        const read = await wp('GET', `/posts/${postId}?context=edit`);
        assert.equal(read.status, 200, read.text);
        const { rendered, raw } = read.json.content;
        for (const html of [rendered, raw]) {
          assert.match(html, /<h2>Planting garlic<\/h2>/);
          assert.match(html, /<h3>Spacing<\/h3>/);
          assert.match(html, /<ul>\s*<li>Split the bulbs<\/li>\s*<li>Plant pointed end up<\/li>\s*<\/ul>/);
          assert.match(html, /<a href="https:\/\/example\.com\/garlic">the almanac<\/a>/);
          assert.match(html, /<strong>cold<\/strong>/);
          assert.match(html, /<img [^>]*src="http[^"]*\/uploads\/[^"]+"[^>]*>/);
          if (target.holdsAlt) assert.match(html, /alt="Garlic bulbs"/);
          if (target.holdsTables) assert.match(html, /<table>[\s\S]*<th>Variety<\/th>[\s\S]*<td>10 cm<\/td>/);
          else assert.match(html, /<p><strong>Variety<\/strong> \| <strong>Spacing<\/strong><\/p>/);
        }
        // Every read serves the same HTML: the view context too.
        const view = await wp('GET', `/posts/${postId}`);
        assert.equal(view.json.content.rendered, rendered);
      });

      it('GET context=edit, new title, content.raw sent back over plain HTTP: the stored body is unchanged', async () => {
        assert.ok(postId, 'needs the post the first step makes');
        const read = await wp('GET', `/posts/${postId}?context=edit`);
        const updated = await wp('POST', `/posts/${postId}`, {
          title: 'Garlic, planted in autumn',
          content: read.json.content.raw,
        });
        assert.equal(updated.status, 200, updated.text);
        const after = await stored(target, postId);
        assert.equal(after.title, 'Garlic, planted in autumn');
        assert.equal(after.body, before.body, 'the stored body is exactly as it was');
        assert.equal(updated.json.content.raw, read.json.content.raw, 'and is served the same');
      });

      it('the same with @wordpress/api-fetch (the block editor saves with PUT): the stored body is unchanged', async () => {
        assert.ok(postId, 'needs the post the first step makes');
        const client = apiFetchFlow({ url: site.url, login: LOGIN, password: PASSWORD });
        const read = await client.read(postId);
        assert.ok(read.content.raw, 'the edit context has the raw content');
        const saved = await client.publish(postId, {
          title: 'Garlic, the editor saved it',
          content: read.content.raw as string,
        });
        assert.equal(saved.status, 'publish');
        const after = await stored(target, postId);
        assert.equal(after.title, 'Garlic, the editor saved it');
        assert.equal(after.body, before.body, 'the stored body is exactly as it was');
      });
    });
  }

  describe('the default Article: an emptied body and the excerpt', () => {
    const article: Target = TARGETS[0];
    before(async () => admin.useTarget('api::article.article'));

    it('content: "" empties the body, and the answer and Activity name it', async () => {
      const created = await wp('POST', '/posts', { title: 'Onions', content: '<p>Onions like sun.</p>' });
      assert.equal(created.status, 201, created.text);
      const id = created.json.id;
      const emptiedWarning = (answer: { json: { article_publisher_warnings?: string[] } }) =>
        answer.json.article_publisher_warnings?.find((text) => text.includes('body was emptied'));
      const kept = await wp('POST', `/posts/${id}`, { title: 'Onions, renamed' });
      assert.equal(kept.status, 200, kept.text);
      assert.equal(emptiedWarning(kept), undefined, 'a body not sent empties nothing');
      const emptied = await wp('POST', `/posts/${id}`, { content: '' });
      assert.equal(emptied.status, 200, emptied.text);
      assert.equal((await stored(article, id)).body, '', 'the body is empty, as the client asked');
      assert.equal(emptied.json.content.rendered, '');
      const warning = emptiedWarning(emptied);
      assert.ok(warning, emptied.text);
      const activity = await admin.call('GET', '/article-publisher/activity?pageSize=100&kind=all');
      assert.equal(activity.status, 200, activity.text);
      const rows = (
        activity.json.results as Array<{ postId: number; source: string; warnings: string[] }>
      ).filter((row) => row.postId === id);
      assert.equal(rows.length, 3, 'the create and both updates');
      const withWarning = rows.filter((row) => row.warnings.includes(warning));
      assert.equal(withWarning.length, 1, 'only the update that emptied it');
      assert.equal(withWarning[0].source, 'wordpress');
    });

    it('an excerpt sent is kept and answered back, also after an update that leaves it out', async () => {
      const created = await wp('POST', '/posts', {
        title: 'Leeks',
        content: '<p>Leeks are patient.</p>',
        excerpt: 'How to grow leeks & keep them.',
      });
      assert.equal(created.status, 201, created.text);
      const expected = {
        raw: 'How to grow leeks & keep them.',
        rendered: '<p>How to grow leeks &amp; keep them.</p>\n',
      };
      assert.deepEqual({ raw: created.json.excerpt.raw, rendered: created.json.excerpt.rendered }, expected);
      const id = created.json.id;
      const updated = await wp('POST', `/posts/${id}`, { title: 'Leeks, again' });
      assert.equal(updated.json.excerpt.raw, expected.raw);
      const read = await wp('GET', `/posts/${id}?context=edit`);
      assert.deepEqual({ raw: read.json.excerpt.raw, rendered: read.json.excerpt.rendered }, expected);
      const view = await wp('GET', `/posts/${id}`);
      assert.deepEqual(view.json.excerpt, { rendered: expected.rendered, protected: false });
    });

    it('without an excerpt, it is derived from the body as WordPress does: 55 words, then [&hellip;]', async () => {
      const words = Array.from({ length: 70 }, (_, index) => `word${index + 1}`);
      const created = await wp('POST', '/posts', {
        title: 'Shallots',
        content: `<h2>Shallots</h2><p>${words.slice(0, 30).join(' ')}</p><p>${words.slice(30).join(' ')}</p>`,
      });
      assert.equal(created.status, 201, created.text);
      const read = await wp('GET', `/posts/${created.json.id}?context=edit`);
      assert.equal(read.json.excerpt.raw, '');
      assert.equal(
        read.json.excerpt.rendered,
        `<p>Shallots ${words.slice(0, 54).join(' ')} [&hellip;]</p>\n`
      );
      const short = await wp('POST', '/posts', { title: 'Chives', content: '<p>Chives   come back.</p>' });
      assert.equal(short.json.excerpt.rendered, '<p>Chives come back.</p>\n');
    });
  });
});
