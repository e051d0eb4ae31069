import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { marked } from 'marked';
import { writtenKinds, zonePlan, type ZonePlan } from '../src/body/zone-kinds';
import {
  layoutZone,
  MAX_ZONE_COMPONENTS,
  mergeZone,
  type ZoneComponent,
  type ZoneImageFile,
  type ZoneLayoutOptions,
} from '../src/body/zone-layout';
import type { RootBlock } from '../src/blocks/types';
import type { ComponentSchema } from '../src/target-profile/schema';
import { sanitizeArticleHtml } from '../src/sanitize';
import { libraryImageAt } from './helpers/library-image';
import { SIZED_ARTICLE_FILES, SIZED_ARTICLE_ZONE, sizedArticle } from './helpers/sized-article';
import { catalogOf, CORPORATE_COMPONENTS, EXAMPLE_BLOG_COMPONENTS } from './helpers/zone-shapes';

const fixture = fs.readFileSync(path.join(__dirname, '..', '..', 'test', 'fixtures', 'article.html'), 'utf8');
const IMAGES = 'https://images.example.test/articles/1042';
const LIBRARY = 'https://cms.example.test/uploads';
// As the glue hands it over: image sources already rewritten to their media library URLs.
const LIBRARY_URLS = new Map([
  [`${IMAGES}/hero-hose.jpg`, `${LIBRARY}/hero_hose_1.jpg`],
  [`${IMAGES}/materials.webp`, `${LIBRARY}/materials_2.webp`],
  [`${IMAGES}/reel.png`, `${LIBRARY}/reel_3.png`],
]);
const article = sanitizeArticleHtml(fixture, { rewriteImages: LIBRARY_URLS });

const FILES = new Map<string, ZoneImageFile>(
  [...LIBRARY_URLS.values()].map((url, index) => [
    url,
    { id: 11 + index, image: libraryImageAt(url, LIBRARY) },
  ])
);
const library: ZoneLayoutOptions = { image: (src) => FILES.get(src) };

function planOf(
  components: ComponentSchema[],
  uids = components.map((component) => component.uid)
): ZonePlan {
  const { plan, warnings } = zonePlan(uids, catalogOf(components));
  assert.ok(plan, `no plan: ${warnings.join(' ')}`);
  return plan;
}

/** Each component in short: its kind and what it holds (text in short, a file id, a quote, a video). */
const outline = (components: ZoneComponent[]) =>
  components.map(
    ({ __component, ...fields }) =>
      `${__component} ${Object.entries(fields)
        .map(
          ([name, value]) =>
            `${name}=${typeof value === 'string' ? value.split('\n')[0] : JSON.stringify(value)}`
        )
        .join(' ')}`
  );

function assertMarkdownWithoutHtml(markdown: unknown) {
  assert.equal(typeof markdown, 'string');
  let html = 0;
  marked.walkTokens(marked.lexer(markdown as string), (token) => {
    if (token.type === 'html') html += 1;
  });
  assert.equal(html, 0, `HTML in ${markdown}`);
}

describe('article bodies in dynamic zones', () => {
  it("chooses the example blog's components by shape and never writes the slider", () => {
    const { plan, warnings } = zonePlan(
      EXAMPLE_BLOG_COMPONENTS.map((component) => component.uid),
      catalogOf(EXAMPLE_BLOG_COMPONENTS)
    );
    assert.deepEqual(warnings, []);
    assert.deepEqual(plan, {
      text: { uid: 'shared.rich-text', field: 'body', format: 'markdown' },
      media: { uid: 'shared.media', field: 'file' },
      quote: {
        uid: 'shared.quote',
        body: { name: 'body', required: false },
        title: { name: 'title', required: false, maxLength: 255 },
      },
    });
    assert.deepEqual(writtenKinds(plan as ZonePlan), ['shared.rich-text', 'shared.media', 'shared.quote']);
  });

  it('lays the article out in the example blog: text runs, each image and the quote in their places, the video as a link', () => {
    const { components, warnings } = layoutZone(article, planOf(EXAMPLE_BLOG_COMPONENTS), library);
    assert.deepEqual(outline(components), [
      'shared.rich-text body=## Why the right garden hose matters',
      'shared.media file=11',
      'shared.rich-text body=*A kink-resistant hose saves time every week.*',
      'shared.media file=12',
      'shared.quote body=Buy the hose for the garden you have, not the one on the packaging.',
      'shared.rich-text body=## Fittings and connectors',
      'shared.media file=13',
      'shared.rich-text body=*A reel keeps the hose off the ground and out of the sun.*',
    ]);
    const texts = components
      .filter((component) => component.__component === 'shared.rich-text')
      .map((component) => component.body as string);
    for (const text of texts) assertMarkdownWithoutHtml(text);
    assert.match(
      texts[1],
      /\n\| Material \| Weight \| Kink resistance \| Typical lifespan \|\n\| --- \| --- \| --- \| --- \|\n/
    );
    assert.match(texts[1], /Here is how the common options compare\.\n\n\| Material/);
    assert.match(
      texts[2],
      /\n\n\[Watch the video on YouTube\]\(https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ\)\n\n## Care and storage\n/
    );
    assert.match(texts[3], /\n\n## Frequently asked questions\n/);
    // No image is left in the text: each one is a media component.
    assert.doesNotMatch(texts.join('\n'), /!\[/);
    assert.deepEqual(warnings, [
      'The embedded video https://www.youtube.com/embed/dQw4w9WgXcQ became a link to https://www.youtube.com/watch?v=dQw4w9WgXcQ on its own line: Markdown has no video embed.',
    ]);
  });

  it("uses the corporate starter's video embed with its required url, and fills the required quote body", () => {
    const plan = planOf(CORPORATE_COMPONENTS);
    assert.deepEqual(plan.video, {
      uid: 'shared.video-embed',
      url: { name: 'url', required: true, maxLength: 255 },
    });
    assert.equal(writtenKinds(plan).includes('blocks.cta'), false);
    const { components, warnings } = layoutZone(article, plan, library);
    assert.deepEqual(outline(components).slice(4, 8), [
      'shared.quote body=Buy the hose for the garden you have, not the one on the packaging.',
      'shared.rich-text body=## Fittings and connectors',
      'shared.video-embed url=https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'shared.rich-text body=## Care and storage',
    ]);
    assert.match(components[5].body as string, /For a step-by-step demonstration, watch the video below\.$/);
    assert.doesNotMatch(components.map((component) => String(component.body ?? '')).join('\n'), /youtube/);
    assert.deepEqual(warnings, []);
  });

  it('keeps images, quotes and videos in the text when the zone has no component for them', () => {
    const plan = planOf(EXAMPLE_BLOG_COMPONENTS, ['shared.rich-text', 'shared.slider']);
    const { components } = layoutZone(article, plan, library);
    assert.equal(components.length, 1);
    const markdown = components[0].body as string;
    assertMarkdownWithoutHtml(markdown);
    assert.match(
      markdown,
      new RegExp(
        `!\\[A green garden hose coiled on a lawn\\]\\(${LIBRARY}/hero_hose_1\\.jpg\\)\n\n_A kink-resistant hose saves time every week\\._`
      )
    );
    assert.match(markdown, /\n> Buy the hose for the garden you have, not the one on the packaging\.\n/);
    assert.match(
      markdown,
      /\n\[Watch the video on YouTube\]\(https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ\)\n/
    );
  });

  it(`gives an article at most ${MAX_ZONE_COMPONENTS} components: later quotes and images stay in the last text, in order, with one warning`, () => {
    const plan = planOf(EXAMPLE_BLOG_COMPONENTS);
    const image = [...LIBRARY_URLS.values()][0];
    const html = Array.from(
      { length: 150 },
      (_, i) =>
        `<p>Paragraph ${i}.</p><blockquote><p>Quote ${i}.</p></blockquote>` +
        (i % 10 === 0 ? `<figure><img src="${image}" alt="Hose ${i}"></figure>` : '')
    ).join('');
    const { components, warnings } = layoutZone(html, plan, library);
    assert.equal(components.length, MAX_ZONE_COMPONENTS);
    const last = components[components.length - 1];
    assert.equal(last.__component, 'shared.rich-text');
    const text = last.body as string;
    // Everything after the last quote component is in the last text, in the article's order.
    const firstKept = components.filter((c) => c.__component === 'shared.quote').length;
    assert.ok(text.startsWith(`Paragraph ${firstKept}.`), text.slice(0, 80));
    assert.match(text, /> Quote 149\./);
    assert.ok(text.indexOf('> Quote 140.') < text.indexOf(`![Hose 140](${image})`));
    assert.ok(text.indexOf(`![Hose 140](${image})`) < text.indexOf('Paragraph 141.'));
    const capped = warnings.filter((w) => w.includes(`more than ${MAX_ZONE_COMPONENTS} zone components`));
    assert.equal(capped.length, 1, warnings.join('\n'));
    assert.match(capped[0], /its last \d+ quotes, images, videos or sections stayed in the text/);

    // An article within the limit is laid out as before.
    const small = layoutZone(html.split('<p>Paragraph 30.')[0], plan, library);
    assert.equal(small.components.filter((c) => c.__component === 'shared.quote').length, 30);
    assert.ok(!small.warnings.some((w) => w.includes('zone components')));
  });

  it('writes blocks into a blocks text component, images of the text as image blocks', () => {
    const components: ComponentSchema[] = [
      { uid: 'content.text', attributes: { content: { type: 'blocks', required: true } } },
      {
        uid: 'content.image',
        attributes: { image: { type: 'media', allowedTypes: ['images'] }, caption: { type: 'string' } },
      },
    ];
    const plan = planOf(components);
    assert.deepEqual(plan, {
      text: { uid: 'content.text', field: 'content', format: 'blocks' },
      media: {
        uid: 'content.image',
        field: 'image',
        caption: { name: 'caption', required: false, maxLength: 255 },
      },
    });
    const { components: zone } = layoutZone(article, plan, library);
    assert.deepEqual(
      outline(zone).filter((line) => line.startsWith('content.image')),
      [
        'content.image image=11 caption=A kink-resistant hose saves time every week.',
        'content.image image=12',
        'content.image image=13 caption=A reel keeps the hose off the ground and out of the sun.',
      ]
    );
    const first = zone[0].content as RootBlock[];
    assert.deepEqual(first, [
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Why the right garden hose matters' }] },
    ]);
    // Without a media component, the images are image blocks of their library files, in the text.
    const textOnly = layoutZone(article, planOf(components, ['content.text']), library).components;
    assert.equal(textOnly.length, 1);
    const images = (textOnly[0].content as RootBlock[]).filter((block) => block.type === 'image');
    assert.deepEqual(
      images.map((block) => block.type === 'image' && block.image.url),
      [...LIBRARY_URLS.values()]
    );
  });

  it('does not use a component kind with a required field it cannot fill, and says so', () => {
    const components: ComponentSchema[] = [
      { uid: 'shared.rich-text', attributes: { body: { type: 'richtext' } } },
      {
        uid: 'shared.photo',
        attributes: {
          file: { type: 'media', allowedTypes: ['images'] },
          credit: { type: 'string', required: true },
        },
      },
      {
        uid: 'shared.embed',
        attributes: {
          videoUrl: { type: 'string', required: true },
          provider: { type: 'enumeration', enum: ['youtube'], required: true },
        },
      },
    ];
    const { plan, warnings } = zonePlan(
      components.map((component) => component.uid),
      catalogOf(components)
    );
    assert.deepEqual(plan, { text: { uid: 'shared.rich-text', field: 'body', format: 'markdown' } });
    assert.deepEqual(warnings, [
      'The zone\'s component "shared.photo" is not used for images: its required field "credit" cannot be filled.',
      'The zone\'s component "shared.embed" is not used for videos: its required field "provider" cannot be filled.',
    ]);
    // A default fills a required field.
    const withDefault = components.map((component) =>
      component.uid === 'shared.embed'
        ? {
            ...component,
            attributes: {
              ...component.attributes,
              provider: { ...component.attributes.provider, default: 'youtube' },
            },
          }
        : component
    );
    assert.equal(
      zonePlan(
        withDefault.map((component) => component.uid),
        catalogOf(withDefault)
      ).plan?.video?.uid,
      'shared.embed'
    );
  });

  it('fills a required quote title from the attribution, and keeps a quote without one in the text', () => {
    const components: ComponentSchema[] = [
      { uid: 'shared.rich-text', attributes: { body: { type: 'richtext' } } },
      {
        uid: 'shared.quote',
        attributes: { title: { type: 'string', required: true }, body: { type: 'text', required: true } },
      },
    ];
    const html = sanitizeArticleHtml(
      '<blockquote><p>Water early.</p><p>Water deep.</p><p>— An old gardener</p></blockquote><p>Between.</p><blockquote><p>Nobody said this.</p></blockquote>'
    );
    const { components: zone, warnings } = layoutZone(html, planOf(components), library);
    assert.deepEqual(zone, [
      { __component: 'shared.quote', body: 'Water early.\n\nWater deep.', title: 'An old gardener' },
      { __component: 'shared.rich-text', body: 'Between.\n\n> Nobody said this.' },
    ]);
    assert.deepEqual(warnings, [
      'A quote ("Nobody said this.") stayed in the text: it has no attribution for the required field "title" of "shared.quote".',
    ]);
  });

  it('keeps text that looks like HTML as text through the zone, in Markdown and in an HTML editor field', () => {
    const html = sanitizeArticleHtml(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; <a href="https://x.test/?a=1&amp;b=&quot;2&quot;">more</a></p>'
    );
    const markdown = layoutZone(html, planOf(EXAMPLE_BLOG_COMPONENTS), library).components;
    assert.deepEqual(markdown, [
      {
        __component: 'shared.rich-text',
        body: '\\<script>alert(1)\\</script> & [more](https://x.test/?a=1&b="2")',
      },
    ]);
    assertMarkdownWithoutHtml(markdown[0].body);
    const editor: ComponentSchema[] = [
      {
        uid: 'shared.html',
        attributes: {
          html: { type: 'richtext', customField: 'plugin::ckeditor5.CKEditor', options: { output: 'HTML' } },
        },
      },
    ];
    const plan = planOf(editor);
    assert.equal(plan.text.format, 'html');
    assert.deepEqual(layoutZone(html, plan, library).components, [{ __component: 'shared.html', html }]);
  });

  it('keeps an image that is not in the media library in the text, where it stands', () => {
    const html = sanitizeArticleHtml(
      '<p>Before.</p><img src="https://elsewhere.test/a.png" alt="Elsewhere"><p>After.</p>'
    );
    const { components, warnings } = layoutZone(html, planOf(EXAMPLE_BLOG_COMPONENTS), library);
    assert.deepEqual(components, [
      {
        __component: 'shared.rich-text',
        body: 'Before.\n\n![Elsewhere](https://elsewhere.test/a.png)\n\nAfter.',
      },
    ]);
    assert.deepEqual(warnings, [
      'The image https://elsewhere.test/a.png is not in the media library, so it stayed in the text instead of a "shared.media" component.',
    ]);
  });

  it("on republish, replaces the kinds it writes and keeps an editor's other components after the article, in order", () => {
    const existing = [
      { id: 1, __component: 'shared.rich-text', body: 'old text' },
      { id: 2, __component: 'blocks.cta', title: 'Subscribe', link: '/subscribe' },
      { id: 3, __component: 'shared.media', file: 7 },
      { id: 4, __component: 'shared.slider', files: [8, 9] },
      { id: 5, __component: 'shared.quote', body: 'old quote' },
    ];
    const written: ZoneComponent[] = [
      { __component: 'shared.rich-text', body: 'new text' },
      { __component: 'shared.media', file: 11 },
    ];
    const merged = mergeZone<ZoneComponent>(existing, written, [
      'shared.rich-text',
      'shared.media',
      'shared.quote',
    ]);
    assert.deepEqual(merged, [...written, existing[1], existing[3]]);
    // Publishing the merged zone again changes nothing more: the article's components are not duplicated.
    assert.deepEqual(
      mergeZone<ZoneComponent>(merged, written, ['shared.rich-text', 'shared.media', 'shared.quote']),
      merged
    );
  });
});

describe('the last text component of a full zone (issue #30)', () => {
  // Past MAX_ZONE_COMPONENTS the rest of a long article goes into one text component, converted a
  // part at a time; the parts together must be what one conversion of the whole run gives.
  const html = sizedArticle(400_000);
  const withTitles = { name: 'title', required: true };
  const plans: [string, ZonePlan][] = [
    ['blocks', SIZED_ARTICLE_ZONE],
    ['markdown', { ...SIZED_ARTICLE_ZONE, text: { ...SIZED_ARTICLE_ZONE.text, format: 'markdown' } }],
    ['html', { ...SIZED_ARTICLE_ZONE, text: { ...SIZED_ARTICLE_ZONE.text, format: 'html' } }],
    [
      'blocks, titled sections',
      { ...SIZED_ARTICLE_ZONE, text: { ...SIZED_ARTICLE_ZONE.text, title: withTitles } },
    ],
  ];
  for (const [name, plan] of plans) {
    it(`${name}: written in parts, the same as written at once`, () => {
      const options = { image: (src: string) => SIZED_ARTICLE_FILES.get(src) };
      const inParts = layoutZone(html, plan, options);
      const atOnce = layoutZone(html, plan, { ...options, lastTextPartNodes: Number.POSITIVE_INFINITY });
      // Full: the article reached the cap, and its last component is the text that took the rest.
      assert.ok(inParts.components.length >= MAX_ZONE_COMPONENTS - 1);
      assert.equal(inParts.components.at(-1)?.__component, plan.text.uid);
      assert.deepEqual(inParts, atOnce);
    });
  }
});
