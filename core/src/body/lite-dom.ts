/**
 * The article's parsed tree (core/src/blocks/html-tree) as the few DOM nodes turndown 7 and its GFM
 * plugin read, for the Markdown writer (issue #62). turndown reads a DOM it is handed as readily as
 * HTML; a whole DOM library (domino) built node by node and read through its getters was a quarter of a
 * conversion's time, and its garbage another. What these nodes answer, and nothing more:
 * - links: `parentNode`, `firstChild`, `lastChild`, `previousSibling`, `nextSibling`, `childNodes`,
 *   `children`, `lastElementChild`, and `removeChild` (turndown drops whitespace-only text);
 * - names and text: `nodeType`, `nodeName` (upper case, as a DOM names HTML elements), `data` and
 *   `nodeValue` of text, `textContent`, `getAttribute`, `className`;
 * - `getElementsByTagName` (turndown looks for void elements inside a blank one) and a table's `rows`.
 * `cloneNode` answers the node itself: turndown copies the root it is given to leave the caller's DOM as
 * it was, and this one is built for one conversion. Anything else a rule would read is undefined, so a
 * turndown that reads more shows in the Markdown tests.
 */
import type { HtmlNode } from '../blocks/html-tree';
import type { ImageUrl } from './html-serialize';

/** What the nodes of one tree share: a count of its changes, which a cached text is valid for. */
interface LiteTree {
  changes: number;
}

abstract class LiteNode {
  constructor(protected readonly tree: LiteTree) {}
  parentNode: LiteElement | null = null;
  previousSibling: LiteNode | null = null;
  nextSibling: LiteNode | null = null;
  abstract readonly nodeType: number;
  abstract readonly nodeName: string;
  abstract get textContent(): string;
  // turndown sets its own marks on each node it visits (isBlock, isCode, isBlank, flankingWhitespace).
  [mark: string]: unknown;
}

class LiteText extends LiteNode {
  readonly nodeType = 3;
  readonly nodeName = '#text';
  readonly firstChild = null;
  readonly childNodes: LiteNode[] = [];
  constructor(
    tree: LiteTree,
    private text: string
  ) {
    super(tree);
  }
  get data(): string {
    return this.text;
  }
  /** turndown collapses whitespace by setting the text: every element's text above is stale. */
  set data(text: string) {
    this.text = text;
    this.tree.changes++;
  }
  get nodeValue(): string {
    return this.data;
  }
  get textContent(): string {
    return this.data;
  }
}

class LiteElement extends LiteNode {
  readonly nodeType = 1;
  readonly nodeName: string;
  firstChild: LiteNode | null = null;
  lastChild: LiteNode | null = null;
  readonly nodeValue = null;
  /** Its text, and the tree's count of changes it was read at. */
  private text = '';
  private textAt = -1;
  constructor(
    tree: LiteTree,
    name: string,
    private readonly attributes: Record<string, string>
  ) {
    super(tree);
    this.nodeName = name.toUpperCase();
  }

  appendChild(child: LiteNode): void {
    this.tree.changes++;
    child.parentNode = this;
    child.previousSibling = this.lastChild;
    if (this.lastChild) this.lastChild.nextSibling = child;
    else this.firstChild = child;
    this.lastChild = child;
  }

  removeChild(child: LiteNode): LiteNode {
    this.tree.changes++;
    if (child.previousSibling) child.previousSibling.nextSibling = child.nextSibling;
    else this.firstChild = child.nextSibling;
    if (child.nextSibling) child.nextSibling.previousSibling = child.previousSibling;
    else this.lastChild = child.previousSibling;
    child.parentNode = child.previousSibling = child.nextSibling = null;
    return child;
  }

  get childNodes(): LiteNode[] {
    const nodes: LiteNode[] = [];
    for (let node = this.firstChild; node; node = node.nextSibling) nodes.push(node);
    return nodes;
  }

  get children(): LiteElement[] {
    return this.childNodes.filter((node): node is LiteElement => node instanceof LiteElement);
  }

  get lastElementChild(): LiteElement | null {
    for (let node = this.lastChild; node; node = node.previousSibling)
      if (node instanceof LiteElement) return node;
    return null;
  }

  /**
   * Every text below, in document order. turndown reads it for every node it converts (is it blank, what
   * whitespace flanks it): each element's text is kept until the tree changes, so a conversion reads each
   * text once, not once for every element above it. Worked out bottom up without recursion, so a deep
   * tree costs no stack.
   */
  get textContent(): string {
    const at = this.tree.changes;
    if (this.textAt === at) return this.text;
    const pending: [LiteElement, boolean][] = [[this, false]];
    while (pending.length) {
      const [element, childrenRead] = pending.pop() as [LiteElement, boolean];
      if (childrenRead) {
        let text = '';
        for (let node = element.firstChild; node; node = node.nextSibling)
          text += node instanceof LiteElement ? node.text : (node as LiteText).data;
        element.text = text;
        element.textAt = at;
        continue;
      }
      pending.push([element, true]);
      for (let node = element.firstChild; node; node = node.nextSibling)
        if (node instanceof LiteElement && node.textAt !== at) pending.push([node, false]);
    }
    return this.text;
  }

  getAttribute(name: string): string | null {
    return Object.hasOwn(this.attributes, name) ? this.attributes[name] : null;
  }

  get className(): string {
    return this.getAttribute('class') ?? '';
  }

  /** The elements below of that name (any case), in document order. */
  getElementsByTagName(name: string): LiteElement[] {
    const wanted = name.toUpperCase();
    const found: LiteElement[] = [];
    const pending: LiteNode[] = [];
    for (let node = this.lastChild; node; node = node.previousSibling) pending.push(node);
    while (pending.length) {
      const node = pending.pop() as LiteNode;
      if (!(node instanceof LiteElement)) continue;
      if (node.nodeName === wanted) found.push(node);
      for (let child = node.lastChild; child; child = child.previousSibling) pending.push(child);
    }
    return found;
  }

  /** A table's rows as a DOM orders them: its head's, then its own and its bodies', then its foot's. */
  get rows(): LiteElement[] {
    const head: LiteElement[] = [];
    const body: LiteElement[] = [];
    const foot: LiteElement[] = [];
    for (const child of this.children) {
      if (child.nodeName === 'TR') body.push(child);
      const rows = child.nodeName === 'THEAD' ? head : child.nodeName === 'TFOOT' ? foot : body;
      if (['THEAD', 'TBODY', 'TFOOT'].includes(child.nodeName))
        rows.push(...child.children.filter((row) => row.nodeName === 'TR'));
    }
    return [...head, ...body, ...foot];
  }

  cloneNode(): this {
    return this;
  }
}

/**
 * The tree as a root element holding it (named as turndown names the root it wraps HTML in), each
 * imported image at its library URL (`imageUrl`). Names and attributes were checked by the sanitizer;
 * text is set as text. Iterative, so a deep tree costs no stack.
 */
export function liteDomOfTree(nodes: readonly HtmlNode[], imageUrl?: ImageUrl): LiteElement {
  const tree: LiteTree = { changes: 0 };
  const root = new LiteElement(tree, 'x-turndown', {});
  const pending: [readonly HtmlNode[], LiteElement][] = [[nodes, root]];
  while (pending.length) {
    const [children, parent] = pending.pop() as [readonly HtmlNode[], LiteElement];
    for (const node of children) {
      if (node.kind === 'text') {
        parent.appendChild(new LiteText(tree, node.text));
        continue;
      }
      let attributes = node.attribs;
      const swapped = node.name === 'img' && 'src' in attributes ? imageUrl?.(attributes.src) : undefined;
      if (swapped !== undefined) attributes = { ...attributes, src: swapped };
      const element = new LiteElement(tree, node.name, attributes);
      parent.appendChild(element);
      if (node.children.length) pending.push([node.children, element]);
    }
  }
  return root;
}
