/** A link written in a Markdown file: its target as written and the line it is on. */
export interface MarkdownLink {
  target: string;
  line: number;
}

/** The text with fenced code blocks blanked out (lines kept, so line numbers stay right). */
function withoutFences(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker) {
      fence = marker;
      return '';
    }
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = null;
      return '';
    }
    return line;
  });
}

/** Inline code spans removed, so `[a](b)` written as code is not taken for a link. */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)[\s\S]*?\1/g, '');
}

/**
 * Every inline link and image (`[text](target)`, `![alt](target)`, with an optional title) and every
 * reference definition (`[name]: target`) outside code, in the order written.
 */
export function markdownLinks(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  withoutFences(text).forEach((raw, index) => {
    const line = withoutCodeSpans(raw);
    for (const match of line.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1].replace(/^<|>$/g, ''), line: index + 1 });
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*(\S+)/.exec(line);
    if (definition) links.push({ target: definition[1], line: index + 1 });
  });
  return links;
}

/** The text GitHub renders for a heading's Markdown: code marks, emphasis and link syntax dropped. */
function renderedHeadingText(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/\*/g, '')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/** GitHub's anchor for a heading's text: lowercased, punctuation dropped, each space a hyphen. */
export function githubSlug(heading: string): string {
  return renderedHeadingText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * The anchors a Markdown file offers: one per ATX heading outside code (a repeated slug gets `-1`, `-2`,
 * ... as on GitHub), and every explicit `id` or `name` attribute of inline HTML.
 */
export function markdownAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (heading) {
      const slug = githubSlug(heading[1]);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const attribute of line.matchAll(/<[a-z][^>]*\s(?:id|name)="([^"]+)"/gi)) anchors.add(attribute[1]);
  }
  return anchors;
}
