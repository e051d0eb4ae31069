import { REQUEST_BOUNDS } from '../request-bounds';

const { htmlDepth, markdownMarkerRun } = REQUEST_BOUNDS;

/**
 * The bounds of a Markdown body, measured before the converter runs (issue #55 item 3). marked is
 * recursive: each blockquote and list level, and each emphasis it nests, is a call; 2,048 nested `>`
 * (832 of `> - `, 1,184 list items, a run of 2,048 `*`) overflowed its stack, which answered 500. So
 * one linear pass over the lines counts what the converter would nest, and a body past the limits is
 * refused with 400 naming them. Each count is what CommonMark opens for certain (a lower bound): a body
 * refused here nests past the HTML depth limit the sanitizer checks after conversion anyway, except for
 * an unmatched run of emphasis markers, which has a limit of its own. What a shape this pass does not
 * know still ends within the parsing budget (server/src/gate/parsing.ts), and a stack overflow is
 * refused the same way (core/src/article.ts).
 */
export function markdownBoundProblems(markdown: string): string[] {
  let depthOver = false;
  let runOver = false;
  let fence: string | undefined;
  // Content columns of the list items open on earlier lines, at one blockquote depth.
  let items: number[] = [];
  let itemsQuotes = 0;
  let afterBlank = true;
  for (let start = 0; start <= markdown.length && !(depthOver && runOver); ) {
    let end = markdown.indexOf('\n', start);
    if (end < 0) end = markdown.length;
    const line = markdown.slice(start, end);
    start = end + 1;
    const prefix = containerPrefix(line);
    const rest = line.slice(prefix.length);
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(rest)?.[1];
    if (fence !== undefined) {
      // Inside a fenced code block: only its closing fence counts.
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
      continue;
    }
    if (fenceMark) fence = fenceMark;
    if (prefix.quotes === 0 && prefix.markers === 0 && !rest.trim()) {
      afterBlank = true;
      continue;
    }
    if (prefix.leadingQuotes !== itemsQuotes) [items, itemsQuotes] = [[], prefix.leadingQuotes];
    const indent = prefix.firstColumn;
    const listLine = prefix.markers > 0 && !isThematicBreak(line.slice(prefix.quoteEnd));
    // A line not indented into an item closes it, except a paragraph's lazy continuation line.
    if (listLine || afterBlank) while (items.length && items[items.length - 1] > indent) items.pop();
    let depth = prefix.quotes;
    if (listLine && indent < (items[items.length - 1] ?? 0) + 4) {
      depth += items.length + prefix.markers;
      items.push(...prefix.contentColumns);
    } else depth += items.length;
    if (depth > htmlDepth) depthOver = true;
    if (
      !fenceMark &&
      !isThematicBreak(line.slice(prefix.quoteEnd)) &&
      longestMarkerRun(rest) > markdownMarkerRun
    )
      runOver = true;
    afterBlank = false;
  }
  const problems: string[] = [];
  if (depthOver)
    problems.push(`nests Markdown blockquotes and lists more than ${htmlDepth} levels deep (the limit)`);
  if (runOver)
    problems.push(
      `has a run of more than ${markdownMarkerRun} Markdown emphasis markers (*, _ or ~) (the limit)`
    );
  return problems;
}

interface ContainerPrefix {
  /** Characters of the line the prefix takes. */
  length: number;
  /** Every `>` of the prefix, those inside its list items (`> - > - `) included. */
  quotes: number;
  /** The `>` before its first list marker: the blockquote the line's items are in. */
  leadingQuotes: number;
  markers: number;
  /** Where the leading `>` end (0 when none): a thematic break is read after them. */
  quoteEnd: number;
  /** The column of the first list marker, counted after the blockquote markers. */
  firstColumn: number;
  /** Each list item's content column (after its marker and one space), counted after the blockquote markers. */
  contentColumns: number[];
}

const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;

/** The blockquote markers and list markers a line opens with (their spaces between them included). */
function containerPrefix(line: string): ContainerPrefix {
  const prefix: ContainerPrefix = {
    length: 0,
    quotes: 0,
    leadingQuotes: 0,
    markers: 0,
    quoteEnd: 0,
    firstColumn: 0,
    contentColumns: [],
  };
  let column = 0;
  let position = 0;
  for (;;) {
    while (position < line.length && (line[position] === ' ' || line[position] === '\t')) {
      column = line[position] === '\t' ? column + 4 - (column % 4) : column + 1;
      position++;
    }
    if (line[position] === '>') {
      prefix.quotes++;
      position++;
      if (prefix.markers === 0) {
        prefix.leadingQuotes++;
        prefix.quoteEnd = position;
        // Columns count from after the last `>`, as the items inside a blockquote do.
        column = 0;
      }
      continue;
    }
    // Only the first few characters can be a marker: the pattern looks at eleven at most.
    const marker = LIST_MARKER.exec(line.slice(position, position + 11))?.[0];
    if (marker === undefined) break;
    if (prefix.markers === 0) prefix.firstColumn = column;
    prefix.markers++;
    position += marker.length;
    column += marker.length;
    prefix.contentColumns.push(column + 1);
  }
  prefix.length = position;
  return prefix;
}

/** `***`, `- - -`, `___`: a line of one of these characters, three or more, is a rule, not lists or emphasis. */
const isThematicBreak = (line: string) => /^[ \t>]*([-*_])(?:[ \t]*\1){2,}[ \t]*$/.test(line);

/** The longest run of one emphasis character (`*`, `_`, `~`) in the line. */
function longestMarkerRun(line: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    const marker = char === '*' || char === '_' || char === '~';
    run = marker && char === line[i - 1] ? run + 1 : marker ? 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
