import type { LibraryFile } from '../../src/body-formats';
import type { ZonePlan } from '../../src/body/zone-kinds';
import { libraryImageAt } from './library-image';

/**
 * Articles of a chosen size and realistic structure (headings, paragraphs with links and marks,
 * lists, tables, figures, quotes), for the body converters' growth test and benchmark (issue #30).
 */

const LIBRARY = 'https://cms.example.test/uploads';
const FIGURES = 40;

/** One section of an article (about 1.4 KB), numbered so no two sections are the same text. */
function section(i: number): string {
  return [
    `<h2>Section ${i}: choosing a garden hose</h2>`,
    `<p>Choosing well takes <strong>time</strong> and a few <em>rules</em>. Measure first, then compare ` +
      `<a href="https://www.example.com/guide/${i}">materials and fittings</a>, and the way you store it ` +
      `over winter (see <a href="/tips/${i}">our tips</a>).</p>`,
    `<h3>What to check in part ${i}</h3>`,
    '<ul><li>Length: <strong>15 m</strong> for a small garden</li><li>Material: rubber or <em>reinforced</em> PVC</li>' +
      '<li>Fittings: brass lasts longer</li></ul>',
    `<p>A second paragraph with <code>inline code</code>, a line<br>break and <u>underlined</u> words ${i}.</p>`,
    ...(i % 3 === 0
      ? [
          '<table><thead><tr><th>Hose</th><th>Length</th><th>Price</th></tr></thead><tbody>' +
            `<tr><td>Rubber</td><td>15 m</td><td>${i} EUR</td></tr><tr><td>PVC</td><td>20 m</td><td>25 EUR</td></tr>` +
            '</tbody></table>',
        ]
      : []),
    ...(i % 4 === 1
      ? [
          `<figure><img src="${LIBRARY}/figure_${i % FIGURES}.jpg" alt="Hose ${i}">` +
            `<figcaption>A hose on its reel (${i}).</figcaption></figure>`,
        ]
      : []),
    ...(i % 5 === 2 ? [`<blockquote><p>Measure twice, buy once (${i}).</p></blockquote>`] : []),
    '<ol><li>Unroll it</li><li>Check the washers</li></ol>',
  ].join('\n');
}

/** An article of whole sections, at least `bytes` long (every character is ASCII, one byte). */
export function sizedArticle(bytes: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const next = section(i);
    parts.push(next);
    length += next.length + 1;
  }
  return parts.join('\n');
}

/** A sized article's HTML without its figures (each holds an image): a body with nothing to import. */
export const sizedArticleWithoutImages = (bytes: number) =>
  sizedArticle(bytes).replace(/<figure>.*?<\/figure>/gs, '');

/** The media library files of the articles' figures, by src (every figure is imported). */
export const SIZED_ARTICLE_FILES: ReadonlyMap<string, LibraryFile> = new Map(
  Array.from({ length: FIGURES }, (_, i) => `${LIBRARY}/figure_${i}.jpg`).map((url, i) => [
    url,
    { id: i + 1, url, image: libraryImageAt(url, LIBRARY) },
  ])
);

/** A zone whose text component holds blocks, with media and quote components. */
export const SIZED_ARTICLE_ZONE: ZonePlan = {
  text: { uid: 'shared.rich-text', field: 'body', format: 'blocks' },
  media: { uid: 'shared.media', field: 'file', caption: { name: 'caption', required: false } },
  quote: { uid: 'shared.quote', body: { name: 'body', required: false } },
};

/**
 * The worst case found for the old converters (issue #30): paragraphs without text in a quote,
 * each of which made the quote's collector look at every item gathered so far.
 */
export function emptyQuoteParagraphs(bytes: number): string {
  const paragraph = '<p> </p>\n';
  const count = Math.max(1, Math.ceil(bytes / paragraph.length));
  return `<blockquote>${paragraph.repeat(count)}<p>Measure twice, buy once.</p></blockquote>`;
}
