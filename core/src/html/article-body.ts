import type { FlatTree } from '../blocks/flat-tree';
import { parseHtmlTree, type HtmlNode } from '../blocks/html-tree';
import type { InlineImage } from '../images/inline-images';

/**
 * An article's sanitized HTML parsed once (issue #30): every later step reads this instead of parsing
 * the HTML again — the image list, the text for the summary and reading time, and the blocks and zone
 * writers (which take the tree). Nothing here changes the tree.
 */
export interface ArticleBody {
  html: string;
  /** Absent when the body was read in a worker thread: a tree's objects are not worth copying between threads. */
  tree?: readonly HtmlNode[];
  /** When the body was read in a worker thread: its tree as it crosses threads, for the body writer. */
  flatTree?: FlatTree;
  /** The `<img>` elements with a src, in document order. */
  images: InlineImage[];
  /** The visible text, entities decoded, whitespace collapsed. */
  text: string;
  /** The words of `text` (for the reading time), counted where the body is read: off the event loop for a large article. */
  words: number;
  /** The text of the first `<p>` that has any. */
  firstParagraph: string | undefined;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The text of nodes as textFromHtml reads HTML: a space at each element's start and end. Iterative,
 * so a deep tree costs no stack.
 */
function spacedText(nodes: readonly HtmlNode[]): string {
  const parts: string[] = [];
  const pending: (HtmlNode | ' ')[] = [...nodes].reverse();
  while (pending.length) {
    const node = pending.pop() as HtmlNode | ' ';
    if (node === ' ') parts.push(' ');
    else if (node.kind === 'text') parts.push(node.text);
    else {
      parts.push(' ');
      pending.push(' ');
      for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]);
    }
  }
  return parts.join('');
}

/** Reads the images and the first paragraph in one walk of the tree, in document order. */
function walk(tree: readonly HtmlNode[]): { images: InlineImage[]; firstParagraph: string | undefined } {
  const images: InlineImage[] = [];
  let firstParagraph: string | undefined;
  const pending: HtmlNode[] = [...tree].reverse();
  while (pending.length) {
    const node = pending.pop() as HtmlNode;
    if (node.kind === 'text') continue;
    if (node.name === 'img' && node.attribs.src)
      images.push({ src: node.attribs.src, alt: node.attribs.alt });
    if (node.name === 'p' && firstParagraph === undefined) {
      const text = collapse(spacedText(node.children));
      if (text) firstParagraph = text;
    }
    for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]);
  }
  return { images, firstParagraph };
}

/** The words of a collapsed text (runs of characters between single spaces), counted in place. */
export function countWords(text: string): number {
  // Splitting a 5 MB article into words held the event loop for 90 ms.
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) === 32;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/** Parses sanitized article HTML once and reads what the later steps need from the tree. */
export function readArticleBody(html: string): ArticleBody {
  const tree = parseHtmlTree(html);
  const text = collapse(spacedText(tree));
  return { html, tree, ...walk(tree), text, words: countWords(text) };
}

/** The body read for each article object normalizing made, so later steps find it instead of parsing again. */
const bodies = new WeakMap<object, ArticleBody>();

/** Remembers an article's parsed body (normalizing calls this for the article it returns). */
export function rememberArticleBody(article: object, body: ArticleBody): void {
  bodies.set(article, body);
}

/**
 * The parsed body of a normalized article: the one normalizing read, or (for an article that came
 * another way, e.g. from JSON) read now and remembered.
 */
export function articleBodyOf(article: { html: string }): ArticleBody {
  const known = bodies.get(article);
  if (known && known.html === article.html) return known;
  const body = readArticleBody(article.html);
  bodies.set(article, body);
  return body;
}
