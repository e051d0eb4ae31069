import { textOf, type HtmlElement, type HtmlNode } from './html-tree';
import { exactCopy, joinInline, textNode, type InlineStyle } from './inline';
import { CellFlow, ListFlow, type ConversionScope, type Sink } from './sinks';

/** The HTML walker, handed to the converters of elements that contain other content. */
export type Walk = (nodes: readonly HtmlNode[], sink: Sink, style: InlineStyle) => void;

const isElement = (node: HtmlNode, ...names: string[]): node is HtmlElement =>
  node.kind === 'element' && names.includes(node.name);

/** ul/ol as a list block; a list inside an item becomes a nested list (indentLevel = depth). */
export function convertList(
  list: HtmlElement,
  sink: Sink,
  style: InlineStyle,
  scope: ConversionScope,
  walk: Walk
): void {
  const depth = sink instanceof ListFlow ? sink.depth + 1 : 0;
  const flow = new ListFlow(scope, depth);
  for (const child of list.children) {
    if (child.kind === 'text' && !child.text.trim()) continue;
    // Anything but an li directly in a list is treated as an item of its own.
    walk(isElement(child, 'li') ? child.children : [child], flow, style);
    flow.endItem();
  }
  if (!flow.children.length) return;
  const ordered = list.name === 'ol';
  const start = list.attribs.start?.trim();
  if (ordered && start && start !== '1')
    scope.warn(
      `An ordered list that started at ${start} now starts at 1: blocks lists have no start number.`
    );
  sink.list({
    type: 'list',
    format: ordered ? 'ordered' : 'unordered',
    ...(depth ? { indentLevel: depth } : {}),
    children: exactCopy(flow.children),
  });
}

/** pre (with or without code) as a code block; the language from a language-xxx class. */
export function convertCode(pre: HtmlElement, sink: Sink, { warn }: ConversionScope): void {
  const code = pre.children.find((child) => isElement(child, 'code')) as HtmlElement | undefined;
  const classes = `${pre.attribs.class ?? ''} ${code?.attribs.class ?? ''}`;
  const language = /(?:^|\s)lang(?:uage)?-([\w+#.-]+)/.exec(classes)?.[1];
  // HTML ignores a newline right after <pre>; a final newline is not part of the code either.
  const text = textOf(pre)
    .replace(/^\r?\n/, '')
    .replace(/\r?\n$/, '');
  if (!text.trim()) return;
  if (hasLink(pre)) warn('Links inside a code block were kept as plain text: code blocks hold only text.');
  sink.block({ type: 'code', ...(language ? { language } : {}), children: [textNode(text)] });
}

function hasLink(node: HtmlElement): boolean {
  return node.children.some(
    (child) =>
      child.kind === 'element' && ((child.name === 'a' && Boolean(child.attribs.href)) || hasLink(child))
  );
}

/** The rows of a table, in order, without those of tables nested in its cells. */
function rowsOf(node: HtmlElement, rows: HtmlElement[] = []): HtmlElement[] {
  for (const child of node.children) {
    if (child.kind !== 'element' || child.name === 'table') continue;
    if (child.name === 'tr') rows.push(child);
    else rowsOf(child, rows);
  }
  return rows;
}

/**
 * Blocks have no tables: each row becomes a paragraph, its cells separated by " | ", header
 * cells in bold. A caption comes first, as a paragraph.
 */
export function convertTable(
  table: HtmlElement,
  sink: Sink,
  style: InlineStyle,
  scope: ConversionScope,
  walk: Walk
): void {
  for (const caption of table.children.filter((child) => isElement(child, 'caption'))) {
    sink.endParagraph();
    walk((caption as HtmlElement).children, sink, style);
    sink.endParagraph();
  }
  let rows = 0;
  let columns = 0;
  for (const row of rowsOf(table)) {
    const cells = row.children.filter((child): child is HtmlElement => isElement(child, 'th', 'td'));
    const parts = cells.map((cell) => {
      const flow = new CellFlow(scope);
      walk(
        cell.children,
        flow,
        cell.name === 'th' ? { ...style, marks: { ...style.marks, bold: true } } : style
      );
      return flow.take();
    });
    if (parts.every((part) => part.length === 0)) continue;
    sink.block({ type: 'paragraph', children: joinInline(parts, ' | ') });
    rows += 1;
    columns = Math.max(columns, cells.length);
  }
  if (rows) {
    scope.warn(
      `A table (${rows} rows, ${columns} columns) became ${rows} paragraphs, one per row, with cells separated by " | ": blocks have no tables.`
    );
  }
}
