import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import type { HtmlNode } from '../blocks/html-tree';
import { htmlParses } from '../html/parse-count';
import { describeSource, videoLink } from '../blocks/links';
import type { ImageUrl } from './html-serialize';
import { liteDomOfTree } from './lite-dom';
import { escapeMoreText, markdownDestination, markdownTitle, oneLine } from './markdown-text';

export interface MarkdownConversion {
  markdown: string;
  /** Every place where the HTML said more than Markdown can hold, and what was done instead. */
  warnings: string[];
}

/** The part of turndown's DOM (lite-dom.ts here; domino for HTML it parses) the rules read. */
interface DomNode {
  nodeName: string;
  textContent: string | null;
  parentNode: DomNode | null;
  childNodes: ArrayLike<DomNode>;
  getAttribute?: (name: string) => string | null;
}

interface DomTable extends DomNode {
  rows: ArrayLike<DomNode>;
}

// turndown types its nodes as DOM HTMLElements, which this DOM-less project does not declare;
// the rules take `unknown` and read them through DomNode.
const dom = (node: unknown) => node as DomNode;
const attribute = (node: DomNode, name: string) => node.getAttribute?.(name)?.trim() ?? '';
const children = (node: DomNode) => Array.from(node.childNodes);
const cellsOf = (row: DomNode) =>
  children(row).filter((child) => child.nodeName === 'TH' || child.nodeName === 'TD');

function hasAncestor(node: DomNode, names: string[]): boolean {
  for (let parent = node.parentNode; parent; parent = parent.parentNode)
    if (names.includes(parent.nodeName)) return true;
  return false;
}

/** GFM's rule: the first row is a header row if it sits in a thead or has only th cells. */
function hasHeaderRow(table: DomTable): boolean {
  const first = table.rows[0];
  if (!first) return false;
  const cells = cellsOf(first);
  return (
    first.parentNode?.nodeName === 'THEAD' ||
    (cells.length > 0 && cells.every((cell) => cell.nodeName === 'TH'))
  );
}

/**
 * Whether any escape can apply to a text: a character turndown's escapes (turndown 7, `markdownEscapes`)
 * or escapeMoreText replace anywhere, or one they replace at the text's start. Most text has none, and
 * the fifteen replacements per text node were a sixth of a small article's conversion.
 */
export const MAY_NEED_ESCAPING = /[\\*`[\]_<&]|^[-+=#~>\d]/;

const excerpt = (text: string | null) => {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  return clean.length > 60 ? `${clean.slice(0, 60)}…` : clean;
};

/**
 * Sanitized article HTML (core/src/sanitize.ts) as Markdown for Strapi's Markdown editor (a plain
 * `richtext` field), with turndown and its GFM tables: ATX headings, `**strong**`, `*em*`, `-`
 * lists, fenced code, GFM tables, `![alt](url)` images where they stand, a figure caption as an
 * italic line under its image, and a video embed as a link on its own line. No HTML is left: text
 * that looks like a tag is escaped, and nothing is kept as raw HTML.
 *
 * It reads HTML text (turndown parses it), or nodes of the article's parsed tree (issue #30: the
 * tree the article was read into, not parsed again), each imported image at `imageUrl`.
 */
export function htmlToMarkdown(
  input: string | { nodes: readonly HtmlNode[]; imageUrl?: ImageUrl }
): MarkdownConversion {
  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(message);
  const service = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    fence: '```',
    emDelimiter: '*',
    strongDelimiter: '**',
    linkStyle: 'inlined',
  });
  service.use(gfm);
  const escapeMarkdown = service.escape.bind(service);
  service.escape = (text: string) =>
    MAY_NEED_ESCAPING.test(text) ? escapeMoreText(escapeMarkdown(text)) : text;
  // Sanitized HTML has none of these; should one slip through, its text is not article text.
  service.remove(['script', 'style', 'noscript', 'template']);

  // Rules added later take precedence over turndown's and the GFM plugin's.
  service.addRule('heading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content: string, node: unknown) => {
      const text = oneLine(content);
      return text ? `\n\n${'#'.repeat(Number(dom(node).nodeName.charAt(1)))} ${text}\n\n` : '';
    },
  });

  service.addRule('link', {
    filter: 'a',
    replacement: (content: string, node: unknown) => {
      const element = dom(node);
      const href = attribute(element, 'href');
      const text = oneLine(content);
      if (!href || !text) return text;
      return `[${text}](${markdownDestination(href)}${markdownTitle(element.getAttribute?.('title'))})`;
    },
  });

  service.addRule('image', {
    filter: 'img',
    replacement: (_content: string, node: unknown) => {
      const element = dom(node);
      const src = attribute(element, 'src');
      const alt = oneLine(service.escape(attribute(element, 'alt')));
      if (!src) return '';
      if (/^data:/i.test(src)) {
        warn(
          `The image ${describeSource(src)}${alt ? ` ("${alt}")` : ''} was left out: it is not in the media library, and Markdown renderers do not show data URLs.`
        );
        return '';
      }
      return `![${alt}](${markdownDestination(src)}${markdownTitle(element.getAttribute?.('title'))})`;
    },
  });

  service.addRule('figureCaption', {
    filter: 'figcaption',
    replacement: (content: string) => {
      // Markdown images have no caption: the caption is an italic line right under the image.
      const lines = content
        .split(/\s*\n+\s*/)
        .map((line) => line.trim())
        .filter(Boolean);
      return lines.length ? `\n\n${lines.map((line) => `_${line}_`).join('  \n')}\n\n` : '';
    },
  });

  service.addRule('video', {
    filter: 'iframe',
    replacement: (_content: string, node: unknown) => {
      const element = dom(node);
      const src = attribute(element, 'src');
      const link = videoLink(src, attribute(element, 'title') || undefined);
      if (!link) {
        warn(
          `An embedded frame (${describeSource(src)}) was left out: Markdown cannot hold iframes and its address cannot be linked.`
        );
        return '';
      }
      warn(
        `The embedded video ${src} became a link to ${link.url} on its own line: Markdown has no video embed.`
      );
      return `\n\n[${service.escape(link.text)}](${markdownDestination(link.url)})\n\n`;
    },
  });

  service.addRule('preformatted', {
    // turndown's fenced rule needs a code element inside the pre; a bare pre is code too.
    filter: (node: unknown) => {
      const element = dom(node);
      return element.nodeName === 'PRE' && element.childNodes[0]?.nodeName !== 'CODE';
    },
    replacement: (_content: string, node: unknown) => {
      const code = (dom(node).textContent ?? '').replace(/^\r?\n/, '').replace(/\r?\n$/, '');
      if (!code.trim()) return '';
      const longestFence = Math.max(2, ...(code.match(/^`{3,}/gm) ?? []).map((fence) => fence.length));
      const fence = '`'.repeat(longestFence + 1);
      return `\n\n${fence}\n${code}\n${fence}\n\n`;
    },
  });

  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content: string, node: unknown) => {
      const cell = dom(node);
      const span = Math.max(Number(attribute(cell, 'colspan')) || 1, Number(attribute(cell, 'rowspan')) || 1);
      if (span > 1)
        warn(
          `A table cell spanning ${span} rows or columns ("${excerpt(cell.textContent)}") became one cell: Markdown tables cannot merge cells.`
        );
      if (/\n/.test(content.trim()))
        warn(
          `The paragraphs or list of a table cell ("${excerpt(cell.textContent)}") were joined on one line: Markdown table cells hold one line.`
        );
      const first = cell.parentNode ? cellsOf(cell.parentNode)[0] === cell : true;
      return `${first ? '| ' : ' '}${oneLine(content).replace(/\|/g, '\\|')} |`;
    },
  });

  service.addRule('table', {
    // Every table goes through this rule, so none is ever kept as HTML (GFM's rule keeps tables without a header row).
    filter: 'table',
    replacement: (content: string, node: unknown) => {
      const table = dom(node) as DomTable;
      const rows = content.split('\n').filter((line) => line.trim());
      if (!rows.length) return '';
      if (hasAncestor(table, ['TD', 'TH'])) {
        warn(
          `A table inside a table cell ("${excerpt(table.textContent)}") became text of the cell: Markdown tables cannot nest.`
        );
        return rows.filter((row) => !/^\|(?: *:?-+:? *\|)+$/.test(row)).join('; ');
      }
      if (hasHeaderRow(table)) return `\n\n${rows.join('\n')}\n\n`;
      const columns = Math.max(...Array.from(table.rows, (row) => cellsOf(row).length));
      warn(
        `A table without a header row ("${excerpt(table.textContent)}") got an empty one: Markdown tables need a header row.`
      );
      const header = `|${' |'.repeat(columns)}`;
      const border = `|${' --- |'.repeat(columns)}`;
      return `\n\n${[header, border, ...rows].join('\n')}\n\n`;
    },
  });

  if (typeof input === 'string') {
    htmlParses.count();
    return { markdown: service.turndown(input), warnings };
  }
  // turndown takes a DOM node as readily as HTML; its types name the browser's DOM, which this project
  // does not load, and these nodes are the few it reads (lite-dom.ts).
  const root = liteDomOfTree(input.nodes, input.imageUrl) as unknown as Parameters<
    TurndownService['turndown']
  >[0];
  return { markdown: service.turndown(root), warnings };
}
