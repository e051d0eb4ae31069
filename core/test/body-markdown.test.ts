import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Parser } from 'htmlparser2';
import { marked, type Token, type Tokens } from 'marked';
import { parseHtmlTree } from '../src/blocks/html-tree';
import TurndownService from 'turndown';
import { htmlToMarkdown, MAY_NEED_ESCAPING } from '../src/body/html-to-markdown';
import { escapeMoreText } from '../src/body/markdown-text';
import { sanitizeArticleHtml } from '../src/sanitize';

const fixture = fs.readFileSync(path.join(__dirname, '..', '..', 'test', 'fixtures', 'article.html'), 'utf8');
const article = sanitizeArticleHtml(fixture);
const IMAGES = 'https://images.example.test/articles/1042';

const render = (markdown: string) => marked.parse(markdown, { async: false });

/** Markdown tokens of a kind, nested ones included (marked's own reading of the text). */
function tokensOf(markdown: string, type: string): Token[] {
  const found: Token[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === type) found.push(token);
  });
  return found;
}

const codeBlocks = (markdown: string) => tokensOf(markdown, 'code').map((token) => token as Tokens.Code);
const codeSpans = (markdown: string) =>
  tokensOf(markdown, 'codespan').map((token) => token as Tokens.Codespan);

/** No raw HTML: marked reads no HTML token, and no unescaped `<` starts a tag or comment. */
function assertNoHtml(markdown: string) {
  assert.deepEqual(
    tokensOf(markdown, 'html').map((token) => token.raw),
    []
  );
  assert.doesNotMatch(markdown, /(^|[^\\])<[a-z/!?]/im);
}

interface Outline {
  headings: string[];
  listItems: string[];
  cells: string[];
  links: string[];
  images: string[];
}

/** The headings, list items, table cells, links and images of an HTML page, with their text. */
function outline(html: string): Outline {
  const result: Outline = { headings: [], listItems: [], cells: [], links: [], images: [] };
  const open: { name: string; entry?: { list: string[]; index: number; prefix: string } }[] = [];
  const add = (list: string[], prefix: string) => ({ list, index: list.push(prefix) - 1, prefix });
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        let entry;
        if (/^h[1-6]$/.test(name)) entry = add(result.headings, `${name} `);
        else if (name === 'li') entry = add(result.listItems, '');
        else if (name === 'td' || name === 'th') entry = add(result.cells, '');
        else if (name === 'a') entry = add(result.links, `${attribs.href} `);
        else if (name === 'img') result.images.push(`${attribs.src} ${attribs.alt ?? ''}`);
        open.push({ name, entry });
      },
      ontext(text) {
        // A list item's own text, not that of a list nested in it.
        const innermostItem = open.map((element) => element.name).lastIndexOf('li');
        open.forEach(({ name, entry }, depth) => {
          if (entry && (name !== 'li' || depth === innermostItem)) entry.list[entry.index] += text;
        });
      },
      onclosetag() {
        const { entry } = open.pop() ?? {};
        if (entry)
          entry.list[entry.index] =
            `${entry.prefix}${entry.list[entry.index].slice(entry.prefix.length).replace(/\s+/g, ' ').trim()}`;
      },
    },
    { decodeEntities: true }
  );
  parser.write(html);
  parser.end();
  return result;
}

/** Each element of an HTML page as its name and attribute names. */
function elementsOf(html: string): string[] {
  const elements: string[] = [];
  const parser = new Parser({
    onopentag: (name, attribs) => elements.push([name, ...Object.keys(attribs)].join(' ')),
  });
  parser.write(html);
  parser.end();
  return elements;
}

/**
 * The Markdown of sanitized HTML, converted from the text (turndown parses it) and from the parsed
 * tree (the body writer's way, issue #30): both must give the same Markdown and warnings.
 */
function toMarkdown(html: string) {
  const fromText = htmlToMarkdown(html);
  assert.deepEqual(htmlToMarkdown({ nodes: parseHtmlTree(html) }), fromText);
  return fromText;
}

describe('article HTML as Markdown', () => {
  it('writes the realistic article as Markdown: ATX headings, marks, lists, a GFM table, images with captions, the video as a link', () => {
    const { markdown, warnings } = toMarkdown(article);
    assertNoHtml(markdown);
    const lines = markdown.split('\n');
    const at = (line: string) => {
      const index = lines.indexOf(line);
      assert.ok(index >= 0, `missing line: ${line}`);
      return index;
    };
    assert.equal(lines[0], '## Why the right garden hose matters');
    at('### Length: measure, then add ten percent');
    assert.match(markdown, /with \*\*clear rules of thumb\*\* and a few \*hard-won lessons\*\./);
    // Images where they stand, each caption right under its image.
    const hero = at(`![A green garden hose coiled on a lawn](${IMAGES}/hero-hose.jpg)`);
    assert.equal(lines[hero + 2], '_A kink-resistant hose saves time every week._');
    const reel = at(`![A wall-mounted hose reel](${IMAGES}/reel.png)`);
    assert.equal(lines[reel + 2], '_A reel keeps the hose off the ground and out of the sun._');
    const materials = at(`![Cross-sections of four hose materials](${IMAGES}/materials.webp)`);
    assert.ok(hero < materials && materials < reel);
    const table = at('| Material | Weight | Kink resistance | Typical lifespan |');
    assert.equal(lines[table + 1], '| --- | --- | --- | --- |');
    assert.equal(lines[table + 2], '| Vinyl (PVC) | Light | Low | 2 to 4 years |');
    assert.ok(table < materials);
    at('> Buy the hose for the garden you have, not the one on the packaging.');
    assert.equal(tokensOf(markdown, 'list').length, 2);
    assert.match(markdown, /^1\. +Check the thread size of your tap/m);
    // The video: a link to its watch page on a line of its own, between the paragraphs around it.
    const video = at('[Watch the video on YouTube](https://www.youtube.com/watch?v=dQw4w9WgXcQ)');
    assert.ok(
      at('For a step-by-step demonstration, watch the video below.') < video &&
        video < at('## Care and storage')
    );
    at(
      'Drain the hose after use, keep it out of direct sun, and store it on a reel over winter. Read more in our [hose reel guide](https://www.example.com/blog/hose-reel-guide).'
    );
    // The JSON-LD script is not article text.
    assert.doesNotMatch(markdown, /FAQPage|schema\.org/);
    assert.deepEqual(warnings, [
      'The embedded video https://www.youtube.com/embed/dQw4w9WgXcQ became a link to https://www.youtube.com/watch?v=dQw4w9WgXcQ on its own line: Markdown has no video embed.',
    ]);
  });

  it('round-trips through marked: every heading, list item, table cell, link and image of the article is kept', () => {
    const { markdown } = toMarkdown(article);
    const source = outline(article);
    const rendered = outline(render(markdown));
    assert.deepEqual(rendered.headings, source.headings);
    assert.deepEqual(rendered.listItems, source.listItems);
    assert.deepEqual(rendered.cells, source.cells);
    assert.deepEqual(rendered.images, source.images);
    // The one link more is the video's, in the iframe's place.
    assert.deepEqual(rendered.links, [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ Watch the video on YouTube',
      ...source.links,
    ]);
    assert.equal(source.headings.length, 8);
    assert.equal(source.cells.length, 20);
    assert.equal(source.images.length, 3);
  });

  it('leaves no HTML in the Markdown for text that looks like HTML, entities or list markers', () => {
    const html = sanitizeArticleHtml(
      [
        '<p>&lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror=alert(1)&gt; and &lt;!-- c --&gt;</p>',
        '<p>&lt;a href="javascript:alert(1)"&gt;x&lt;/a&gt; &amp;lt;b&amp;gt; &amp;copy;</p>',
        '<p>1) not a list</p><p>2. nor this</p><p>- nor this</p><p># nor a heading</p>',
        '<p><a href="javascript:alert(1)">no script link</a> <img src="https://x.test/a.png" alt="&lt;b onmouseover=alert(1)&gt;"></p>',
        '<h2>Title with &lt;em&gt;tags&lt;/em&gt;</h2><table><tr><th>&lt;td&gt;</th></tr><tr><td>&lt;/table&gt;</td></tr></table>',
        '<p onclick="alert(1)">clicked <script>alert(1)</script><style>p{}</style></p>',
      ].join('')
    );
    const { markdown } = toMarkdown(html);
    assertNoHtml(markdown);
    for (const type of ['list', 'heading']) {
      assert.deepEqual(
        tokensOf(markdown, type).map((token) => token.raw.trim()),
        type === 'heading' ? ['## Title with \\<em>tags\\</em>'] : []
      );
    }
    const shown = render(markdown);
    // Only the elements and attributes Markdown itself makes: all the rest stayed text.
    assert.deepEqual(
      new Set(elementsOf(shown)),
      new Set(['p', 'img src alt', 'h2', 'table', 'thead', 'tr', 'th', 'tbody', 'td'])
    );
    const text = outline(shown);
    assert.deepEqual(text.headings, ['h2 Title with <em>tags</em>']);
    assert.deepEqual(text.cells, ['<td>', '</table>']);
    assert.deepEqual(text.images, ['https://x.test/a.png <b onmouseover=alert(1)>']);
    assert.match(shown, /&lt;script&gt;alert\(1\)&lt;\/script&gt; and &lt;img src=x onerror=alert\(1\)&gt;/);
    assert.match(shown, /&amp;lt;b&amp;gt; &amp;copy;/);
  });

  it('keeps nested lists, code and awkward addresses as Markdown', () => {
    const html = sanitizeArticleHtml(
      '<ul><li>Tools<ul><li>Hose <a href="https://shop.test/a hose (green)" title="The &quot;best&quot;">reel</a></li><li>Nozzle</li></ul></li><li>Water</li></ul>' +
        '<ol start="3"><li>three</li><li>four</li></ol>' +
        '<pre><code class="language-ts">const a = 1 &lt; 2;\n```\n</code></pre><pre>plain  pre</pre><p>Inline <code>&lt;b&gt;</code> code</p>' +
        '<p><img src="https://cms.test/uploads/a (1).png" alt="A [bracketed] alt"></p>'
    );
    const { markdown, warnings } = toMarkdown(html);
    assertNoHtml(markdown.replace(/`[^`\n]*`/g, ''));
    assert.deepEqual(warnings, []);
    const rendered = outline(render(markdown));
    assert.deepEqual(rendered.listItems, ['Tools', 'Hose reel', 'Nozzle', 'Water', 'three', 'four']);
    assert.deepEqual(rendered.links, ['https://shop.test/a%20hose%20%28green%29 reel']);
    assert.deepEqual(rendered.images, ['https://cms.test/uploads/a%20%281%29.png A [bracketed] alt']);
    assert.match(markdown, /^ {4}- +Hose/m);
    assert.match(markdown, /^3\. +three/m);
    const code = codeBlocks(markdown).map((token) => [token.lang, token.text]);
    assert.deepEqual(code, [
      ['ts', 'const a = 1 < 2;\n```'],
      ['', 'plain  pre'],
    ]);
    assert.deepEqual(
      codeSpans(markdown).map((token) => token.text),
      ['<b>']
    );
  });

  it('says what Markdown could not hold: a table without header row, merged or multi-line cells, data images', () => {
    const html = sanitizeArticleHtml(
      '<table><tr><td>a|b</td><td><p>one</p><p>two</p></td></tr><tr><td colspan="2">wide</td></tr></table>' +
        '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="inline"></p>'
    );
    const { markdown, warnings } = toMarkdown(html);
    assertNoHtml(markdown);
    assert.equal(markdown, '| | |\n| --- | --- |\n| a\\|b | one two |\n| wide |');
    assert.deepEqual(outline(render(markdown)).cells, ['', '', 'a|b', 'one two', 'wide', '']);
    assert.deepEqual(warnings, [
      'The paragraphs or list of a table cell ("onetwo") were joined on one line: Markdown table cells hold one line.',
      'A table cell spanning 2 rows or columns ("wide") became one cell: Markdown tables cannot merge cells.',
      'A table without a header row ("a|bonetwowide") got an empty one: Markdown tables need a header row.',
      'The image (a image/png data URL) ("inline") was left out: it is not in the media library, and Markdown renderers do not show data URLs.',
    ]);
  });

  it('reads whitespace as turndown does from its own parse: collapsed runs, blank marks, spaces at the edges of marks, table heads and feet', () => {
    // The tree's nodes keep each element's text until turndown changes the tree (lite-dom.ts): these
    // are the texts turndown collapses, then reads again to find blank elements and flanking spaces.
    const html = sanitizeArticleHtml(
      '<p>a<em> </em>b <strong>  c  </strong> d<span>\n\t</span>e</p><p><span>  </span></p>' +
        '<p> lead <a href="https://example.test/x"> link </a>trail <code> x </code> </p><p>one<br> two </p>' +
        '<table><thead><tr><th> h </th></tr></thead><tbody><tr><td> b </td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>'
    );
    const { markdown } = toMarkdown(html);
    assertNoHtml(markdown);
    assert.match(markdown, /^a b \*\*c\*\* d e\n\nlead \[link\]\(https:\/\/example\.test\/x\) trail `x`/);
    assert.match(markdown, /\| h \|\n\| --- \|\n\| b \|\n\| f \|/);
  });

  it('skips escaping only text that no escape would change (every short string of the characters that matter)', () => {
    const turndownEscape = (text: string) => new TurndownService().escape(text);
    const alphabet = [
      'a',
      ' ',
      '1',
      '\\',
      '*',
      '-',
      '+',
      '=',
      '#',
      '`',
      '~',
      '[',
      ']',
      '>',
      '_',
      '.',
      ')',
      '<',
      '&',
      ';',
      '\n',
    ];
    let skipped = 0;
    const check = (text: string) => {
      if (MAY_NEED_ESCAPING.test(text)) return;
      skipped++;
      assert.equal(escapeMoreText(turndownEscape(text)), text, JSON.stringify(text));
    };
    // Every string of up to four of these characters, and each behind a word or a number.
    const strings = (length: number): string[] =>
      length === 0 ? [''] : strings(length - 1).flatMap((head) => alphabet.map((next) => head + next));
    for (let length = 1; length <= 4; length++)
      for (const text of strings(length)) for (const prefix of ['', 'word ', '12']) check(prefix + text);
    assert.ok(skipped > 1000, `${skipped} strings needed no escaping`);
  });
});
