/**
 * Strapi 5's "Rich text (Blocks)" JSON, as Strapi's own entity validator
 * (@strapi/core entity-validator/blocks-validator) and @strapi/blocks-react-renderer define it.
 */

export type Modifier = 'bold' | 'italic' | 'underline' | 'strikethrough' | 'code';

/** A run of text; a modifier is present only when it is on. */
export type TextNode = { type: 'text'; text: string } & { [M in Modifier]?: true };

export interface LinkNode {
  type: 'link';
  url: string;
  children: TextNode[];
}

export type InlineNode = TextNode | LinkNode;

export interface ParagraphBlock {
  type: 'paragraph';
  children: InlineNode[];
}

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface HeadingBlock {
  type: 'heading';
  level: HeadingLevel;
  children: InlineNode[];
}

export interface QuoteBlock {
  type: 'quote';
  children: InlineNode[];
}

export interface CodeBlock {
  type: 'code';
  language?: string;
  children: TextNode[];
}

export interface ListItemNode {
  type: 'list-item';
  children: InlineNode[];
}

/** A nested list sits among its parent's items; the admin editor marks its depth with indentLevel. */
export interface ListBlock {
  type: 'list';
  format: 'ordered' | 'unordered';
  indentLevel?: number;
  children: (ListItemNode | ListBlock)[];
}

/**
 * A media library file as an image block stores it: the fields the Content Manager's image block
 * keeps (IMAGE_SCHEMA_FIELDS) and Strapi's validator requires.
 */
export interface MediaLibraryImage {
  name: string;
  alternativeText: string | null;
  /** Absolute URL, as the admin editor stores it. */
  url: string;
  caption: string | null;
  width: number;
  height: number;
  formats: Record<string, unknown> | null;
  hash: string;
  ext: string;
  mime: string;
  size: number;
  previewUrl: string | null;
  provider: string;
  provider_metadata: unknown;
  createdAt: string;
  updatedAt: string;
}

export interface ImageBlock {
  type: 'image';
  image: MediaLibraryImage;
  /** Images are void elements in the editor: one empty text child. */
  children: [{ type: 'text'; text: '' }];
}

export type RootBlock = ParagraphBlock | HeadingBlock | QuoteBlock | CodeBlock | ListBlock | ImageBlock;
