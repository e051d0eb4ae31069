import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blocksToHtml } from '../src/blocks/blocks-to-html';
import { htmlToBlocks } from '../src/blocks/html-to-blocks';
import type { BodyField, BodyFormat } from '../src/body/body-field';
import { zonePlan, type ZonePlan } from '../src/body/zone-kinds';
import { zoneToHtml } from '../src/body/zone-to-html';
import type { BodyTarget } from '../src/publish-target';
import { renderedExcerpt, storedBodyHtml } from '../src/wordpress/post-html';
import { libraryImageAt } from './helpers/library-image';
import { catalogOf, EXAMPLE_BLOG_COMPONENTS } from './helpers/zone-shapes';

const LIBRARY = 'https://cms.example.test/uploads';
const IMAGE = `${LIBRARY}/garlic.jpg`;
const OPTIONS = { sanitize: {}, uploadsOrigin: 'https://cms.example.test' };

const bodyOf = (format: BodyFormat, zone?: ZonePlan): BodyTarget => ({
  field: 'body',
  body: { name: 'body', attribute: { type: 'richtext' }, detected: format, format } as BodyField,
  ...(zone ? { zone } : {}),
});

const EXAMPLE_BLOG = zonePlan(
  EXAMPLE_BLOG_COMPONENTS.map((component) => component.uid),
  catalogOf(EXAMPLE_BLOG_COMPONENTS)
).plan as ZonePlan;

describe('a stored body as the WordPress door serves it (HTML, whatever the format)', () => {
  it('renders Strapi blocks as the HTML they were written from: a fixed point of the blocks writer', () => {
    const html = [
      '<h2>Planting <em>garlic</em></h2>',
      '<p>Garlic wants <strong>cold</strong> weather; see <a href="https://example.com/garlic">the almanac</a>.</p>',
      '<ul><li>Split the bulbs<ul><li>the largest cloves</li></ul></li><li>Plant them</li></ul>',
      '<h3>Spacing</h3>',
      '<ol><li>One</li><li>Two</li></ol>',
      '<blockquote><p>Plant before the frost.</p></blockquote>',
      '<pre><code class="language-js">plant(garlic);</code></pre>',
      `<figure><img src="${IMAGE}" alt="Garlic bulbs" width="800" height="600"></figure>`,
      '<p>Line one<br>line two, <code>inline</code>.</p>',
    ].join('\n');
    const image = (src: string) => (src === IMAGE ? libraryImageAt(IMAGE, LIBRARY) : undefined);
    const { blocks, warnings } = htmlToBlocks(html, { image });
    assert.deepEqual(warnings, []);
    const rendered = blocksToHtml(blocks);
    assert.equal(rendered, html);
    assert.deepEqual(htmlToBlocks(rendered, { image }).blocks, blocks);
  });

  it('leaves out what stored blocks do not hold well (a node without children, an image without a file)', () => {
    const rendered = blocksToHtml([
      { type: 'paragraph' },
      { type: 'image' },
      { type: 'heading', level: 5, children: [{ type: 'text', text: 'Deep', underline: true }] },
      'not a block',
    ]);
    assert.equal(rendered, '<p></p>\n<h3>Deep</h3>');
    assert.equal(blocksToHtml(null), '');
  });

  it("renders a zone's components: text in its format, a figure, a quote with its attribution", () => {
    const components = [
      {
        __component: 'shared.rich-text',
        body: '## Planting\n\n- one\n- two\n\n| A | B |\n| - | - |\n| 1 | 2 |',
      },
      { __component: 'shared.media', id: 4, file: { url: '/uploads/garlic.jpg', alternativeText: 'Bulbs' } },
      { __component: 'shared.quote', title: 'An old gardener', body: 'Plant early.\nWater late.' },
      { __component: 'shared.slider', files: [{ url: '/uploads/other.jpg' }] },
    ];
    const html = zoneToHtml(components, EXAMPLE_BLOG, OPTIONS);
    assert.match(html, /^<h2>Planting<\/h2>\n<ul>\n<li>one<\/li>\n<li>two<\/li>\n<\/ul>\n<table>/);
    assert.match(
      html,
      /<figure><img src="https:\/\/cms\.example\.test\/uploads\/garlic\.jpg" alt="Bulbs"><\/figure>/
    );
    assert.match(
      html,
      /<blockquote><p>Plant early\.<br>Water late\.<\/p><p>— An old gardener<\/p><\/blockquote>$/
    );
    assert.doesNotMatch(html, /other\.jpg/, "an editor's slider has no article HTML");
  });

  it('sanitizes what it serves as an article on its way in is, and renders Markdown and HTML bodies', () => {
    const markdown =
      '## Hello\n\nSee [this](https://example.com) <script>alert(1)</script>\n\n![Bulbs](https://cms.example.test/uploads/a.jpg)';
    const html = storedBodyHtml(bodyOf('markdown'), markdown, OPTIONS);
    assert.match(html, /^<h2>Hello<\/h2>/);
    assert.match(html, /<a href="https:\/\/example\.com">this<\/a>/);
    assert.match(html, /<img src="https:\/\/cms\.example\.test\/uploads\/a\.jpg" alt="Bulbs" \/>/);
    assert.doesNotMatch(html, /script|alert/);
    assert.equal(storedBodyHtml(bodyOf('html'), '<p onclick="x()">Hi</p>', OPTIONS), '<p>Hi</p>');
    assert.equal(storedBodyHtml(bodyOf('markdown'), null, OPTIONS), '');
    assert.equal(storedBodyHtml(bodyOf('zone'), [], OPTIONS), '', 'a zone target without its plan');
    const zone = storedBodyHtml(
      bodyOf('zone', EXAMPLE_BLOG),
      [{ __component: 'shared.rich-text', body: 'Hi' }],
      OPTIONS
    );
    assert.equal(zone, '<p>Hi</p>');
  });
});

describe("a post's excerpt as WordPress renders it", () => {
  it('the excerpt kept, as a paragraph', () => {
    assert.equal(renderedExcerpt('  Leeks & onions ', '<p>Body</p>'), '<p>Leeks &amp; onions</p>\n');
  });

  it("without one, the body's first 55 words, then [&hellip;] (wp_trim_excerpt)", () => {
    const words = Array.from({ length: 60 }, (_, index) => `w${index}`);
    assert.equal(
      renderedExcerpt('', `<h2>Title</h2><p>${words.join('\n ')}</p>`),
      `<p>Title ${words.slice(0, 54).join(' ')} [&hellip;]</p>\n`
    );
    assert.equal(renderedExcerpt('', '<p>Short  &lt;body&gt;</p>'), '<p>Short &lt;body&gt;</p>\n');
    assert.equal(renderedExcerpt('', ''), '');
  });
});
