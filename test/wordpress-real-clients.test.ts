import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { readEntries, type Entry } from './helpers/real-sites';
import {
  activepiecesFlow,
  apiFetchFlow,
  wpapiFlow,
  type Media,
  type Post,
  type SiteCredentials,
  type Term,
  type WordPressClientFlow,
} from './helpers/wordpress-clients';

/**
 * Issue 45's acceptance with real clients: on the playground as `npm start` runs it (the Article: a
 * Markdown body, a cover, categories, an SEO component, and no tag relation), each client runs its whole
 * normal flow, and what landed is read from Strapi itself (its REST API), not from the door's answers.
 */
const LOGIN = 'editor';
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';

/** What each client sends: its own names, so the flows do not meet on one site. */
interface FlowText {
  category: string;
  tag: string;
  draft: { title: string; heading: string; paragraph: string };
  published: { title: string; heading: string; paragraph: string };
}

// Each draft's paragraph is over 50 characters: the playground's SEO component requires a description of
// at least that, so a shorter article could not have its SEO component (and the keywords in it) saved.
const CLIENTS: { name: string; make: (site: SiteCredentials) => WordPressClientFlow; text: FlowText }[] = [
  {
    name: '@activepieces/piece-wordpress',
    make: activepiecesFlow,
    text: {
      category: 'Watering',
      tag: 'summer',
      draft: {
        title: 'Watering a Lawn',
        heading: 'Water early',
        paragraph: 'Before nine in the morning, so the leaves dry fast and the roots drink first.',
      },
      published: {
        title: 'Watering a Lawn in a Heatwave',
        heading: 'Water deep',
        paragraph: 'Twice a week, about 25 mm each time.',
      },
    },
  },
  {
    name: '@wordpress/api-fetch',
    make: apiFetchFlow,
    text: {
      category: 'Pruning',
      tag: 'roses',
      draft: {
        title: 'Pruning Roses',
        heading: 'When to prune',
        paragraph: 'Late winter, as the buds swell, before the first leaves open on the stems.',
      },
      published: {
        title: 'Pruning Roses Without Fear',
        heading: 'Where to cut',
        paragraph: 'Just above an outward-facing bud, at a slant.',
      },
    },
  },
  {
    name: 'wpapi',
    make: wpapiFlow,
    text: {
      category: 'Composting',
      tag: 'soil',
      draft: {
        title: 'Starting a Compost Heap',
        heading: 'Greens and browns',
        paragraph: 'Mix them half and half, and keep the heap as damp as a wrung-out sponge.',
      },
      published: {
        title: 'Starting a Compost Heap in Autumn',
        heading: 'Turning the heap',
        paragraph: 'Every two weeks, so air reaches the middle.',
      },
    },
  },
];

const html = (text: { heading: string; paragraph: string }) =>
  `<h2>${text.heading}</h2>\n<p>${text.paragraph}</p>`;

/**
 * Runs a client's step; a client that rejects with WordPress's error body (api-fetch, wpapi) gets it in
 * the failure's message, as Activepieces already words it.
 */
async function step<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Error) throw new Error(`${what}: ${error.message}`, { cause: error });
    throw new Error(`${what}: ${JSON.stringify(error)}`, { cause: error });
  }
}

/** The body as the Markdown field keeps it: the heading as a `##` line and the paragraph as its own. */
function assertMarkdownBody(stored: unknown, text: { heading: string; paragraph: string }, what: string) {
  assert.equal(typeof stored, 'string', `${what}: the body is the Markdown text`);
  const body = stored as string;
  assert.match(body, new RegExp(`^## ${text.heading}$`, 'm'), `${what}: the heading, as Markdown:\n${body}`);
  assert.match(
    body,
    new RegExp(`^${text.paragraph}$`, 'm'),
    `${what}: the paragraph, as its own line:\n${body}`
  );
  assert.doesNotMatch(body, /<\/?[a-z][a-z0-9]*[\s>]/i, `${what}: no HTML tag in the Markdown:\n${body}`);
}

describe('real WordPress clients publish whole articles into the default playground (issue 45)', () => {
  let site: Playground;
  let credentials: SiteCredentials;

  const populate = {
    'populate[cover]': 'true',
    'populate[categories]': 'true',
    'populate[seo]': 'true',
  };
  /** The Article's rows of one state, as Strapi's REST API answers them. */
  const articles = (filters: Record<string, string>, status: 'draft' | 'published') =>
    readEntries(site.url, 'articles', filters, populate, status);

  before(async () => {
    site = await startPlayground({
      articleBodyFormat: 'auto',
      env: { ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}` },
    });
    // A site that is in use has its owner: the password acts as that admin.
    await registerSuperAdmin(site.url);
    credentials = { url: site.url, login: LOGIN, password: PASSWORD };
  });
  after(async () => site?.stop());

  for (const client of CLIENTS) {
    describe(client.name, () => {
      const { text } = client;
      let flow: WordPressClientFlow;
      let category: Term | undefined;
      let tag: Term | undefined;
      let media: Media | undefined;
      let draft: Post | undefined;
      let published: Post | undefined;
      let draftsBefore = 0;
      let draftEntry: Entry | undefined;

      /** What an earlier step of this flow gave; a step whose prerequisite failed says which. */
      function needs<T>(value: T | undefined, what: string): T {
        if (value === undefined) throw new Error(`needs ${what} from an earlier step, which failed`);
        return value;
      }

      before(async () => {
        flow = client.make(credentials);
        draftsBefore = (await articles({}, 'draft')).length;
      });

      it('creates a category', async () => {
        category = await step('create the category', () => flow.createCategory(text.category));
        assert.ok(Number.isInteger(category.id) && category.id > 0, JSON.stringify(category));
        assert.equal(category.name, text.category);
      });

      it('creates a tag, though the Article has no tag relation (issue 45 point 1)', async () => {
        tag = await step('create the tag', () => flow.createTag(text.tag));
        assert.ok(Number.isInteger(tag.id) && tag.id > 0, JSON.stringify(tag));
        assert.equal(tag.name, text.tag);
      });

      it('uploads an image into the media library', async () => {
        const bytes = await makeImage('png', 320, 200, client.name.length);
        media = await step('upload the image', () => flow.uploadImage(bytes, `${text.tag}-cover.png`));
        assert.ok(Number.isInteger(media.id) && media.id > 0, JSON.stringify(media));
        assert.ok(media.source_url.startsWith(`${site.url}/uploads/`), media.source_url);
      });

      it('creates a draft with categories, tags and featured_media: one entry in Strapi, all of it there', async () => {
        const fields = {
          title: text.draft.title,
          content: html(text.draft),
          categories: [needs(category, 'the category').id],
          tags: [needs(tag, 'the tag').id],
          featured_media: needs(media, 'the image').id,
        };
        draft = await step('create the draft', () => flow.createDraft(fields));
        assert.equal(draft.status, 'draft');
        assert.deepEqual(draft.categories, fields.categories);
        assert.deepEqual(draft.tags, fields.tags, 'the tag is answered on the post');
        assert.equal(draft.featured_media, fields.featured_media);

        const drafts = await articles({}, 'draft');
        assert.equal(drafts.length, draftsBefore + 1, 'one entry, not two');
        draftEntry = drafts.find((entry) => entry.id === needs(draft, 'the draft').id);
        assert.ok(draftEntry, `the post's id is its entry's: ${draft.id}`);
        assert.equal(draftEntry.title, text.draft.title);
        assertMarkdownBody(draftEntry.content, text.draft, 'the draft');
        assert.equal(draftEntry.cover?.id, fields.featured_media, 'the cover is the uploaded file');
        assert.deepEqual(
          draftEntry.categories.map((linked: Entry) => linked.name),
          [text.category],
          'the category is linked'
        );
        assert.deepEqual(
          await articles({ documentId: draftEntry.documentId }, 'published'),
          [],
          'not published'
        );
      });

      it('keeps the tag where the Article can hold it: its name in the SEO keywords', async () => {
        const entry = needs(draftEntry, 'the draft');
        assert.match(entry.seo?.keywords ?? '', new RegExp(`\\b${text.tag}\\b`), JSON.stringify(entry.seo));
      });

      it('publishes the draft with a new title and body: the same entry, published with them', async () => {
        const id = needs(draft, 'the draft').id;
        published = await step('publish the draft', () =>
          flow.publish(id, { title: text.published.title, content: html(text.published) })
        );
        assert.equal(published.id, id, 'the update answers the same post');
        assert.equal(published.status, 'publish');

        const drafts = await articles({}, 'draft');
        assert.equal(drafts.length, draftsBefore + 1, 'still one entry: the update wrote the same one');
        const { documentId } = needs(draftEntry, 'the draft entry');
        const [live, ...others] = await articles({ documentId }, 'published');
        assert.ok(live, 'the entry is published');
        assert.equal(others.length, 0);
        assert.equal(live.title, text.published.title);
        assertMarkdownBody(live.content, text.published, 'the published entry');
        assert.doesNotMatch(live.content, new RegExp(text.draft.heading), 'the draft body is replaced');
        assert.equal(live.cover?.id, needs(media, 'the image').id, 'the cover is kept');
        assert.deepEqual(
          live.categories.map((linked: Entry) => linked.name),
          [text.category],
          'the category is kept'
        );
        assert.deepEqual(published.tags, [needs(tag, 'the tag').id], 'the tag is kept');
      });

      it('reads the published post back through the client', async () => {
        const id = needs(published, 'the published post').id;
        const read = await step('read the post', () => flow.read(id));
        assert.equal(read.id, id);
        assert.equal(read.status, 'publish');
        assert.equal(read.title.raw ?? read.title.rendered, text.published.title);
        assert.match(read.content.raw ?? read.content.rendered, new RegExp(text.published.paragraph));
        assert.deepEqual(read.categories, [needs(category, 'the category').id]);
        assert.deepEqual(read.tags, [needs(tag, 'the tag').id]);
        assert.equal(read.featured_media, needs(media, 'the image').id);
      });
    });
  }
});
