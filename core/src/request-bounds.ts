/**
 * The bounds of what one request may carry, on every door (issue #32 item 4, issue #55 item 4),
 * declared once: each door's parse enforces those of its own wire fields, the gate checks the mapped
 * article against them whatever the door (article-bounds.ts), and docs/api.md lists them. Each is far above what a real
 * article carries, and low enough that the database (SQLite binds at most 32,766 values per
 * statement) and the process (parse time, memory, the call stack) come through any request. A request
 * over a bound is refused with 400 `bad_request` naming the field; nothing is looked up or written.
 * Lengths are in characters (UTF-16 units, as JavaScript counts them) unless a name says bytes.
 */
export const REQUEST_BOUNDS = {
  /** title */
  titleLength: 500,
  /** slug */
  slugLength: 200,
  /** content / html_content, and the webhook's plain_content */
  contentLength: 5_000_000,
  /**
   * Elements open inside each other in the HTML body (see nesting.ts); in a Markdown body, also the
   * blockquotes and list items its lines open inside each other (html/markdown-bounds.ts).
   */
  htmlDepth: 128,
  /**
   * One character of `*`, `_` or `~` in a row in a Markdown body (a rule such as `***` aside). Matched,
   * each three nest two elements (`<em><strong>`), so a longer run nests past htmlDepth; unmatched, it
   * still costs the converter one recursive call per marker.
   */
  markdownMarkerRun: 192,
  /**
   * `<img>` elements in the HTML body, and entries of the webhook's inline_images. The same as the
   * highest `images.maxInlineImages` a site may configure, so no setting is cut by the request bound.
   */
  inlineImages: 1000,
  /** focus_keyword and each of the webhook's secondary_keywords */
  keywordLength: 200,
  /**
   * Tags the keywords give: the focus keyword and the secondary keywords, split at commas, repeats
   * counted once. Also the entries of each list that carries them: the webhook's secondary_keywords,
   * WordPress's `tags`, a custom webhook's tags and keywords.
   */
  tags: 50,
  /** meta_description */
  metaDescriptionLength: 1000,
  /** A summary the sender wrote: WordPress's excerpt, a custom webhook's excerpt. */
  summaryLength: 10_000,
  /** Questions of a custom webhook article's FAQ (appended to the body as a section). */
  faqItems: 100,
  /** featured_image_alt and the alt of each inline_images entry */
  altLength: 500,
  /** category and sub_category */
  categoryNameLength: 200,
  /** Entries of `categories` (ids), on WordPress too. */
  categoryIds: 100,
  /** The largest category id: Strapi's ids are 32-bit integer columns on PostgreSQL and MySQL. */
  categoryId: 2_147_483_647,
  /** featured_image and each inline_images url: a URL, or an image as a data: URL. */
  imageSourceLength: 30_000_000,
  /** JSON-LD serialized as UTF-8: json_ld_schema, schema_markup, and the body's ld+json blocks together. */
  jsonLdBytes: 256 * 1024,
  /** Arrays and objects open inside each other in one JSON-LD document. */
  jsonLdDepth: 32,
  /** locale, a code such as `fr-CA` (BCP 47 tags stay far shorter). */
  localeLength: 35,
  /** The webhook's other short texts: event, timestamp, website_name, format, target_status, placement, section_title. */
  labelLength: 500,
} as const;

export type RequestBound = keyof typeof REQUEST_BOUNDS;
