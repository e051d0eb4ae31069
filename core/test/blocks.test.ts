import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { BlocksRenderer, type BlocksContent } from '@strapi/blocks-react-renderer';
import { Parser } from 'htmlparser2';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { htmlToBlocks, type HtmlToBlocksOptions } from '../src/blocks/html-to-blocks';
import type {
  InlineNode,
  ListBlock,
  ListItemNode,
  MediaLibraryImage,
  Modifier,
  RootBlock,
  TextNode,
} from '../src/blocks/types';
import { sanitizeArticleHtml } from '../src/sanitize';
import { SIZED_ARTICLE_FILES, sizedArticle } from './helpers/sized-article';

const fixture = fs.readFileSync(path.join(__dirname, '..', '..', 'test', 'fixtures', 'article.html'), 'utf8');
const article = sanitizeArticleHtml(fixture);
const IMAGES = 'https://images.example.test/articles/1042';
const LIBRARY = 'https://cms.example.test/uploads';

// Strapi's own checks of a blocks value: the entity validator that runs when an entry is saved,
// and the Content Manager's stricter schema of block nodes. Neither is a public export.
const strapiDir = (name: string) => path.dirname(require.resolve(`@strapi/${name}/package.json`));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal module of Strapi's, loaded by its path
const { blocksValidator } = require(
  path.join(strapiDir('core'), 'dist/services/entity-validator/blocks-validator.js')
) as {
  blocksValidator: () => { validate(value: unknown): Promise<unknown> };
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal module of Strapi's, loaded by its path
const { buildBlocksInputSchema } = require(
  path.join(strapiDir('content-manager'), 'dist/server/mcp/schemas/blocks-schema.js')
) as {
  buildBlocksInputSchema: () => { parse(value: unknown): unknown };
};

async function assertStrapiAccepts(blocks: RootBlock[]) {
  await blocksValidator().validate(blocks);
  buildBlocksInputSchema().parse(blocks);
}

function libraryImage(name: string, width: number, height: number): MediaLibraryImage {
  const [hash, ext] = name.split('.');
  return {
    name,
    alternativeText: null,
    url: `${LIBRARY}/${hash}_abc123.${ext}`,
    caption: null,
    width,
    height,
    formats: null,
    hash: `${hash}_abc123`,
    ext: `.${ext}`,
    mime: `image/${ext === 'jpg' ? 'jpeg' : ext}`,
    size: 12.5,
    previewUrl: null,
    provider: 'local',
    provider_metadata: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

const library = new Map([
  [`${IMAGES}/hero-hose.jpg`, libraryImage('hero-hose.jpg', 1200, 800)],
  [`${IMAGES}/materials.webp`, libraryImage('materials.webp', 960, 540)],
  [`${IMAGES}/reel.png`, libraryImage('reel.png', 640, 640)],
]);
const fromLibrary: HtmlToBlocksOptions = { image: (src) => library.get(src) };
const noLibrary: HtmlToBlocksOptions = { image: () => undefined };

// Builders that keep the expected JSON readable.
const t = (text: string, ...marks: Modifier[]): TextNode => ({
  type: 'text',
  text,
  ...Object.fromEntries(marks.map((m) => [m, true])),
});
const inline = (parts: (string | InlineNode)[]) =>
  parts.map((part) => (typeof part === 'string' ? t(part) : part));
const p = (...parts: (string | InlineNode)[]): RootBlock => ({ type: 'paragraph', children: inline(parts) });
const h = (level: 2 | 3, text: string): RootBlock => ({ type: 'heading', level, children: [t(text)] });
const a = (url: string, ...parts: (string | TextNode)[]): InlineNode => ({
  type: 'link',
  url,
  children: parts.map((x) => (typeof x === 'string' ? t(x) : x)),
});
const li = (...parts: (string | InlineNode)[]): ListItemNode => ({
  type: 'list-item',
  children: inline(parts),
});
const list = (
  format: 'ordered' | 'unordered',
  children: (ListItemNode | ListBlock)[],
  indentLevel?: number
): ListBlock => ({
  type: 'list',
  format,
  ...(indentLevel ? { indentLevel } : {}),
  children,
});
const image = (src: string, alt: string): RootBlock => ({
  type: 'image',
  image: { ...(library.get(src) as MediaLibraryImage), alternativeText: alt },
  children: [{ type: 'text', text: '' }],
});

const EXPECTED_ARTICLE: RootBlock[] = [
  h(2, 'Why the right garden hose matters'),
  image(`${IMAGES}/hero-hose.jpg`, 'A green garden hose coiled on a lawn'),
  p('A kink-resistant hose saves time every week.'),
  p(
    'Choosing a garden hose looks simple until you stand in front of a wall of them. Length, diameter, material and fittings all change how the hose performs, how long it lasts and how much it costs. This guide walks through each choice with ',
    t('clear rules of thumb', 'bold'),
    ' and a few ',
    t('hard-won lessons', 'italic'),
    '.'
  ),
  h(3, 'Length: measure, then add ten percent'),
  p(
    'Measure from the tap to the farthest corner you water, then add about ten percent for slack around beds and paths. A hose that is too long loses pressure and is heavy to coil; one that is too short gets stretched and kinks.'
  ),
  list('unordered', [
    li('Small patio or balcony: 10 to 15 m'),
    li('Typical suburban garden: 20 to 30 m'),
    li('Large plot or allotment: 30 to 50 m, or two hoses joined'),
  ]),
  h(2, 'Materials compared'),
  p('The material decides weight, flexibility and lifespan. Here is how the common options compare.'),
  p(
    t('Material', 'bold'),
    ' | ',
    t('Weight', 'bold'),
    ' | ',
    t('Kink resistance', 'bold'),
    ' | ',
    t('Typical lifespan', 'bold')
  ),
  p('Vinyl (PVC) | Light | Low | 2 to 4 years'),
  p('Reinforced vinyl | Medium | Medium | 4 to 6 years'),
  p('Rubber | Heavy | High | 8 to 10 years'),
  p('Hybrid polymer | Medium | High | 6 to 8 years'),
  image(`${IMAGES}/materials.webp`, 'Cross-sections of four hose materials'),
  { type: 'quote', children: [t('Buy the hose for the garden you have, not the one on the packaging.')] },
  h(2, 'Fittings and connectors'),
  list('ordered', [
    li('Check the thread size of your tap (most are 3/4 inch).'),
    li('Prefer brass fittings over plastic for anything you connect daily.'),
    li('Add a quick-connect system if you switch between a nozzle and a sprinkler.'),
  ]),
  p('For a step-by-step demonstration, watch the video below.'),
  p(a('https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'Watch the video on YouTube')),
  h(2, 'Care and storage'),
  p(
    'Drain the hose after use, keep it out of direct sun, and store it on a reel over winter. Read more in our ',
    a('https://www.example.com/blog/hose-reel-guide', 'hose reel guide'),
    '.'
  ),
  image(`${IMAGES}/reel.png`, 'A wall-mounted hose reel'),
  p('A reel keeps the hose off the ground and out of the sun.'),
  h(2, 'Frequently asked questions'),
  h(3, 'Is a rubber hose worth the extra cost?'),
  p('If you water every day and leave the hose outside, yes: it lasts two to three times longer than vinyl.'),
  h(3, 'Can I drink water from a garden hose?'),
  p('Only from hoses labelled drinking-water safe; standard hoses can leach chemicals.'),
];

const EXPECTED_ARTICLE_WARNINGS = [
  'A figure caption became a paragraph of its own ("A kink-resistant hose saves time every week."): blocks images show no caption.',
  'A table (5 rows, 4 columns) became 5 paragraphs, one per row, with cells separated by " | ": blocks have no tables.',
  'The embedded video https://www.youtube.com/embed/dQw4w9WgXcQ became a paragraph linking to https://www.youtube.com/watch?v=dQw4w9WgXcQ: blocks cannot hold iframes.',
  'A figure caption became a paragraph of its own ("A reel keeps the hose off the ground and out of the sun."): blocks images show no caption.',
];

interface OutlineEntry {
  kind: 'heading' | 'paragraph' | 'list-item' | 'link' | 'image' | 'quote';
  text: string;
}

/**
 * The headings, paragraphs, list items, links, images and quotes of an HTML page in document
 * order, with their visible text (an image by its alt text). `asBlocks` reads the source HTML the
 * way the converter documents its degradations: a figure caption and a table row are paragraphs
 * (cells joined by " | "), a YouTube iframe a paragraph with a link to the watch page.
 */
function outline(html: string, asBlocks = false): { entries: OutlineEntry[]; imageSources: string[] } {
  const entries: (OutlineEntry & { listDepth: number })[] = [];
  const open: { entry: (typeof entries)[number] | undefined; name: string }[] = [];
  const imageSources: string[] = [];
  let listDepth = 0;
  let quoteDepth = 0;
  const start = (kind: OutlineEntry['kind'], text = '') => {
    const entry = { kind, text, listDepth };
    entries.push(entry);
    return entry;
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        let entry: (typeof entries)[number] | undefined;
        if (/^h[1-6]$/.test(name)) entry = start('heading');
        else if (name === 'p' && quoteDepth === 0) entry = start('paragraph');
        else if (name === 'li') entry = start('list-item');
        else if (name === 'a') entry = start('link', `${attribs.href} `);
        else if (name === 'blockquote') entry = start('quote');
        else if (asBlocks && (name === 'figcaption' || name === 'tr')) entry = start('paragraph');
        else if (name === 'img') {
          start('image', attribs.alt ?? '');
          imageSources.push(attribs.src);
        } else if (asBlocks && name === 'iframe') {
          const id = /\/embed\/([\w-]+)/.exec(attribs.src)?.[1];
          start('paragraph', 'Watch the video on YouTube');
          start('link', `https://www.youtube.com/watch?v=${id} Watch the video on YouTube`);
        }
        if ((name === 'td' || name === 'th') && asBlocks) {
          const row = [...open].reverse().find((o) => o.name === 'tr')?.entry;
          if (row && row.text.trim()) row.text += ' | ';
        }
        // A line break or a paragraph edge separates words, as it does on screen.
        if (name === 'br' || name === 'p') for (const o of open) if (o.entry) o.entry.text += ' ';
        if (name === 'ul' || name === 'ol') listDepth += 1;
        if (name === 'blockquote') quoteDepth += 1;
        open.push({ entry, name });
      },
      ontext(text) {
        // A list item's text is its own, not that of a list nested in it.
        for (const o of open)
          if (o.entry && (o.entry.kind !== 'list-item' || o.entry.listDepth === listDepth))
            o.entry.text += text;
      },
      onclosetag(name) {
        open.pop();
        if (name === 'p') for (const o of open) if (o.entry) o.entry.text += ' ';
        if (name === 'ul' || name === 'ol') listDepth -= 1;
        if (name === 'blockquote') quoteDepth -= 1;
      },
    },
    { decodeEntities: true }
  );
  parser.write(html);
  parser.end();
  const clean = (text: string) => text.replace(/\s+/g, ' ').replace(/ \| $/, '').trim();
  return {
    entries: entries
      .map(({ kind, text }) => ({ kind, text: clean(text) }))
      .filter((e) => e.text || e.kind === 'image'),
    imageSources,
  };
}

function render(blocks: RootBlock[]): string {
  // Our types are Strapi's blocks format; the renderer declares a narrower one of its own.
  return renderToStaticMarkup(createElement(BlocksRenderer, { content: blocks as unknown as BlocksContent }));
}

describe('htmlToBlocks over the realistic article (spec 2.6)', () => {
  it('converts every element into the expected blocks, with a warning for each degradation', async () => {
    const { blocks, warnings } = htmlToBlocks(article, fromLibrary);
    assert.deepEqual(blocks, EXPECTED_ARTICLE);
    assert.deepEqual(warnings, EXPECTED_ARTICLE_WARNINGS);
    await assertStrapiAccepts(blocks);
  });

  it("round trip: Strapi's renderer shows the same headings, paragraphs, list items, links and images in order", () => {
    const { blocks } = htmlToBlocks(article, fromLibrary);
    const rendered = outline(render(blocks));
    const source = outline(article, true);
    assert.deepEqual(rendered.entries, source.entries);
    const counts: Record<string, number> = {};
    for (const entry of source.entries) counts[entry.kind] = (counts[entry.kind] ?? 0) + 1;
    assert.deepEqual(counts, { heading: 8, image: 3, paragraph: 15, 'list-item': 6, link: 2, quote: 1 });
    // The images now come from the media library, in the source's order.
    assert.deepEqual(
      rendered.imageSources,
      source.imageSources.map((src) => library.get(src)?.url)
    );
  });

  it('round trip of nested lists, inline formatting, quotes, code and line breaks', async () => {
    const html = [
      '<h2>Check <em>list</em></h2>',
      '<ul><li>Hose <strong>length</strong><ul><li>Garden<ol><li>Front</li><li>Back</li></ol></li><li>Patio</li></ul></li><li>Nozzle</li></ul>',
      '<blockquote><p>First line</p><p>second <a href="https://example.com/q">line</a></p></blockquote>',
      '<p>One<br>two <code>npm test</code> <u>under</u> <s>gone</s></p>',
      '<pre><code class="language-bash">npm install\nnpm test</code></pre>',
    ].join('');
    const { blocks, warnings } = htmlToBlocks(html, noLibrary);
    assert.deepEqual(warnings, []);
    await assertStrapiAccepts(blocks);
    const rendered = outline(render(blocks)).entries;
    const expected = outline(html, true).entries;
    // The renderer puts a quote's paragraphs in one blockquote; the source has one too.
    assert.deepEqual(rendered, expected);
    assert.match(render(blocks), /<pre><code>npm install\nnpm test<\/code><\/pre>/);
    assert.match(render(blocks), /One<br\/>two <code>npm test<\/code> <u>under<\/u> <del>gone<\/del>/);
  });
});

describe('htmlToBlocks element by element', () => {
  const convert = (html: string, options = noLibrary) => htmlToBlocks(html, options);

  it('keeps heading levels and inline marks, settling whitespace as a browser shows it', () => {
    const { blocks } = convert(
      '<h1>One</h1><h4>Four</h4><p>  a  <strong> b <em>c</em></strong>\n d<br> e </p>'
    );
    assert.deepEqual(blocks, [
      { type: 'heading', level: 1, children: [t('One')] },
      { type: 'heading', level: 4, children: [t('Four')] },
      p('a ', t('b ', 'bold'), t('c', 'bold', 'italic'), ' d\ne'),
    ]);
  });

  it("nests lists with the admin editor's indentLevel", async () => {
    const { blocks } = convert('<ul><li>a<ul><li>b<ol><li>c</li></ol></li></ul></li><li>d</li></ul>');
    assert.deepEqual(blocks, [
      list('unordered', [li('a'), list('unordered', [li('b'), list('ordered', [li('c')], 2)], 1), li('d')]),
    ]);
    await assertStrapiAccepts(blocks);
  });

  it('joins the paragraphs of a list item and of a quote with line breaks', () => {
    const { blocks } = convert(
      '<ol><li><p>a</p><p>b</p></li></ol><blockquote><p>x</p>\n<p>y</p></blockquote>'
    );
    assert.deepEqual(blocks, [list('ordered', [li('a\nb')]), { type: 'quote', children: [t('x\n\ny')] }]);
  });

  it('makes a code block of pre, with the language of its class', () => {
    const { blocks } = convert(
      '<pre><code class="language-js">\nconst a = 1;\n  return a;\n</code></pre><pre>plain</pre>'
    );
    assert.deepEqual(blocks, [
      { type: 'code', language: 'js', children: [t('const a = 1;\n  return a;')] },
      { type: 'code', children: [t('plain')] },
    ]);
  });

  it('places an image block where the image is, splitting the paragraph around it', () => {
    const src = `${IMAGES}/reel.png`;
    const { blocks, warnings } = convert(`<p>before <img src="${src}" alt="Reel"> after</p>`, fromLibrary);
    assert.deepEqual(blocks, [p('before'), image(src, 'Reel'), p('after')]);
    assert.deepEqual(warnings, []);
  });

  it("uses the file's alt text when the img has none, and its real size", () => {
    const src = `${IMAGES}/hero-hose.jpg`;
    const withAlt = new Map([
      [src, { ...libraryImage('hero-hose.jpg', 1200, 800), alternativeText: 'From the library' }],
    ]);
    const { blocks } = convert(`<img src="${src}" width="10" height="10">`, { image: (s) => withAlt.get(s) });
    assert.deepEqual(blocks[0], { type: 'image', image: withAlt.get(src), children: [t('')] });
  });

  it('turns an image that is not in the media library into a link, or leaves a data URL out, with a warning', async () => {
    const dataUrl = `data:image/png;base64,${'A'.repeat(5000)}`;
    const { blocks, warnings } = convert(
      `<img src="https://img.example/a.jpg" alt="A hose"><img src="${dataUrl}" alt="Inline">`
    );
    assert.deepEqual(blocks, [p(a('https://img.example/a.jpg', 'A hose'))]);
    assert.deepEqual(warnings, [
      'The image https://img.example/a.jpg is not in the media library, so it became a paragraph linking to it: blocks images must be media library files.',
      'The image (a image/png data URL) ("Inline") was left out: it is not in the media library and its address cannot be linked.',
    ]);
    await assertStrapiAccepts(blocks);
  });

  it('keeps an image inside a list item as a link in the item, with a warning', async () => {
    const src = `${IMAGES}/reel.png`;
    const { blocks, warnings } = convert(`<ul><li>See <img src="${src}" alt="Reel"></li></ul>`, fromLibrary);
    assert.deepEqual(blocks, [list('unordered', [li('See\n', a(library.get(src)?.url as string, 'Reel'))])]);
    assert.match(
      warnings[0],
      /^The image .*reel_abc123\.png inside a list item was kept as text of the item/
    );
    await assertStrapiAccepts(blocks);
  });

  it('links a video from any approved embed host, with the iframe title as the text', () => {
    const { blocks, warnings } = convert(
      '<div class="video"><iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk?start=5" title="Hose tips"></iframe></div><iframe src="https://player.vimeo.com/video/123"></iframe>'
    );
    assert.deepEqual(blocks, [
      p(a('https://www.youtube.com/watch?v=abcdefghijk', 'Hose tips')),
      p(a('https://player.vimeo.com/video/123', 'Watch the video')),
    ]);
    assert.equal(warnings.length, 2);
  });

  it('unwraps divs without a warning', () => {
    const { blocks, warnings } = convert('<div class="a"><div><p>one</p>two</div><div>three</div></div>');
    assert.deepEqual(blocks, [p('one'), p('two'), p('three')]);
    assert.deepEqual(warnings, []);
  });

  it('keeps the text of a link Strapi would refuse, with a warning; mailto and /paths stay links', async () => {
    const { blocks, warnings } = convert(
      '<p><a href="#faq">FAQ</a> <a href="mailto:a@b.example">mail</a> <a href="/blog/x">post</a></p>'
    );
    assert.deepEqual(blocks, [p('FAQ ', a('mailto:a@b.example', 'mail'), ' ', a('/blog/x', 'post'))]);
    assert.match(warnings[0], /The link to "#faq" \("FAQ"\) was kept as plain text/);
    await assertStrapiAccepts(blocks);
  });

  it('reports a horizontal rule and an ordered list start number it cannot keep', () => {
    const { blocks, warnings } = convert('<p>a</p><hr><ol start="3"><li>c</li></ol>');
    assert.deepEqual(blocks, [p('a'), list('ordered', [li('c')])]);
    assert.deepEqual(warnings, [
      'A horizontal rule was left out: blocks have no divider.',
      'An ordered list that started at 3 now starts at 1: blocks lists have no start number.',
    ]);
  });

  it('keeps links and formatting inside table cells, and skips empty rows', () => {
    const { blocks } = convert(
      '<table><tr><td><a href="https://x.example">x</a></td><td><p>a</p><p>b</p></td></tr><tr><td> </td></tr></table>'
    );
    assert.deepEqual(blocks, [p(a('https://x.example', 'x'), ' | a b')]);
  });

  it('gives nothing for empty HTML', () => {
    assert.deepEqual(convert('  \n'), { blocks: [], warnings: [] });
  });

  it("a large article's blocks (stored past Strapi's save, core/src/blocks/stored-json) are what Strapi's checks accept", async () => {
    const html = sanitizeArticleHtml(sizedArticle(120_000));
    const { blocks } = htmlToBlocks(html, { image: (src) => SIZED_ARTICLE_FILES.get(src)?.image });
    assert.ok(blocks.length > 1000);
    assert.ok(blocks.some((block) => block.type === 'image'));
    await assertStrapiAccepts(blocks);
  });
});
