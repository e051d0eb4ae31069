import { flattenBlock, PLAIN, toInlineNodes, type InlineItem } from './inline';
import type { InlineNode, ListBlock, ListItemNode, RootBlock } from './types';
import type { WorkMeter } from './work-meter';

/**
 * Where the HTML walker puts what it finds. Each container of the blocks format takes content
 * its own way: the top level makes blocks, a list item or a table cell can only hold text.
 */
export interface Sink {
  inline(item: InlineItem): void;
  /** The end of a paragraph-level element (p, div, figcaption, ...). */
  endParagraph(): void;
  block(block: RootBlock): void;
  list(list: ListBlock): void;
}

/** What the parts of one conversion share: where warnings go, and the meter of its steps. */
export interface ConversionScope {
  warn: (message: string) => void;
  meter: WorkMeter;
}

const hasText = (item: InlineItem) => /\S/.test(item.text);

/** Gathers text; paragraphs that end inside it are joined with a separator. */
class TextCollector {
  private items: InlineItem[] = [];
  private pendingBreak = false;
  /** Whether an item up to `checked` holds text: each item is looked at once, however many paragraphs end. */
  private holdsText = false;
  private checked = 0;

  constructor(
    private readonly separator: string,
    private readonly meter: WorkMeter
  ) {}

  add(item: InlineItem): void {
    this.meter.add(1);
    // The separator goes in only once more text follows, so no container ends with one.
    if (this.pendingBreak && hasText(item)) {
      this.items.push({ text: this.separator, style: PLAIN });
      this.pendingBreak = false;
    }
    this.items.push(item);
  }

  addAll(items: InlineItem[]): void {
    this.breakParagraph();
    for (const item of items) this.add(item);
    this.breakParagraph();
  }

  breakParagraph(): void {
    while (!this.holdsText && this.checked < this.items.length) {
      this.meter.add(1);
      this.holdsText = hasText(this.items[this.checked++]);
    }
    if (this.holdsText) this.pendingBreak = true;
  }

  take(): InlineNode[] {
    if (!this.items.length) return [];
    this.meter.add(this.items.length);
    const nodes = toInlineNodes(this.items);
    // pendingBreak, holdsText and checked only change once there are items.
    this.items = [];
    this.pendingBreak = false;
    this.holdsText = false;
    this.checked = 0;
    return nodes;
  }
}

/** A sink whose content is text: inline items are gathered, an ended paragraph separates what follows. */
abstract class TextFlow implements Sink {
  protected readonly text: TextCollector;

  constructor(separator: string, meter: WorkMeter) {
    this.text = new TextCollector(separator, meter);
  }

  inline(item: InlineItem): void {
    this.text.add(item);
  }

  endParagraph(): void {
    this.text.breakParagraph();
  }

  abstract block(block: RootBlock): void;
  abstract list(list: ListBlock): void;
}

/**
 * Makes blocks of one kind (paragraphs at the top level, a heading, a quote) from text, and
 * passes other blocks through at their position. With `joinParagraphs`, paragraphs inside it
 * stay in one block (a quote keeps its paragraphs, separated by line breaks).
 */
export class BlockFlow extends TextFlow {
  readonly blocks: RootBlock[] = [];

  constructor(
    meter: WorkMeter,
    private readonly make: (children: InlineNode[]) => RootBlock,
    private readonly joinParagraphs?: string
  ) {
    super(joinParagraphs ?? '', meter);
  }

  endParagraph(): void {
    if (this.joinParagraphs === undefined) this.flush();
    else super.endParagraph();
  }

  block(block: RootBlock): void {
    this.flush();
    this.blocks.push(block);
  }

  list(list: ListBlock): void {
    this.block(list);
  }

  flush(): void {
    const children = this.text.take();
    if (children.length) this.blocks.push(this.make(children));
  }
}

/**
 * The children of one list: each item's text, paragraphs in an item on separate lines, nested
 * lists in between. Other blocks become text of the item, since items hold only text and links.
 */
export class ListFlow extends TextFlow {
  readonly children: (ListItemNode | ListBlock)[] = [];

  constructor(
    private readonly scope: ConversionScope,
    /** 0 for a list at the top; a nested list's depth is its indentLevel in the admin editor. */
    readonly depth: number
  ) {
    super('\n', scope.meter);
  }

  block(block: RootBlock): void {
    if (block.type !== 'paragraph')
      this.scope.warn(
        `${describeBlock(block)} inside a list item was kept as text of the item: list items hold only text and links.`
      );
    this.text.addAll(flattenBlock(block));
  }

  list(list: ListBlock): void {
    this.endItem();
    this.children.push(list);
  }

  endItem(): void {
    const children = this.text.take();
    if (children.length) this.children.push({ type: 'list-item', children });
  }
}

/** One table cell's content as text: paragraphs joined by spaces, list items by semicolons. */
export class CellFlow extends TextFlow {
  constructor(private readonly scope: ConversionScope) {
    super(' ', scope.meter);
  }

  block(block: RootBlock): void {
    if (block.type === 'image')
      this.scope.warn(`${describeBlock(block)} inside a table cell became a link to the image.`);
    this.text.addAll(
      flattenBlock(block).map((item) => (item.text === '\n' ? { ...item, text: '; ' } : item))
    );
  }

  list(list: ListBlock): void {
    this.block(list);
  }

  take(): InlineNode[] {
    return this.text.take();
  }
}

export function describeBlock(block: RootBlock): string {
  switch (block.type) {
    case 'image':
      return `The image ${block.image.url}`;
    case 'heading':
      return `A heading (h${block.level})`;
    case 'code':
      return 'A code block';
    default:
      return `A ${block.type}`;
  }
}
