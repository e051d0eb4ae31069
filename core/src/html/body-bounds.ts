import { ServiceError } from '../errors';
import { jsonNestsDeeperThan, tryParseJson } from '../nesting';
import { REQUEST_BOUNDS } from '../request-bounds';
import type { SanitizedArticle } from '../sanitize';
import { JSON_TOO_DEEP, utf8Bytes } from '../schema-fields';

const { jsonLdBytes, jsonLdDepth, htmlDepth, inlineImages } = REQUEST_BOUNDS;

/** How a door names the field that carries the article HTML, to say which field was refused. */
export interface BodyField {
  /** What the request is called in the door's errors ("publish request", "webhook payload", "post"). */
  request: string;
  /** The field's name on the wire (`content`, `html_content`). */
  field: string;
}

/** For fields mapped by a caller that names none (the toolkit, the admin's sample). */
export const ARTICLE_BODY_FIELD: BodyField = { request: 'article', field: 'content' };

/**
 * The request bounds on the article HTML that only a parser can measure (request-bounds.ts): how
 * deep its elements nest, its `<img>` count, and its JSON-LD blocks' size and depth. Read by the
 * sanitizing pass (issue #30: no pass of its own), each problem worded as the request schemas word
 * theirs, after the field's name.
 */
export function bodyBoundProblems(
  read: Pick<SanitizedArticle, 'tooDeep' | 'imageCount' | 'jsonLdTexts'>
): string[] {
  // The pass stopped at the first element too deep: nothing else was read.
  if (read.tooDeep) return [`nests HTML elements more than ${htmlDepth} levels deep (the limit)`];
  const problems: string[] = [];
  if (read.imageCount > inlineImages)
    problems.push(`has more than ${inlineImages} <img> elements (the limit)`);
  const blocks = read.jsonLdTexts;
  if (blocks.reduce((bytes, text) => bytes + utf8Bytes(text), 0) > jsonLdBytes)
    problems.push(
      `has JSON-LD script blocks that together are larger than ${jsonLdBytes / 1024} KB (the limit)`
    );
  const deepBlock = blocks.some((text) => {
    const parsed = tryParseJson(text);
    return parsed !== undefined && jsonNestsDeeperThan(parsed.value, jsonLdDepth);
  });
  if (deepBlock) problems.push(`has a JSON-LD script block that ${JSON_TOO_DEEP}`);
  return problems;
}

/**
 * A 400 `bad_request` for article HTML over a bound, worded as the request schema's errors are
 * (`Invalid publish request: content nests ...`). The WordPress door answers it as
 * `rest_invalid_param` with the field in `params` (core/src/wordpress/errors.ts).
 */
export class RefusedBody extends ServiceError {
  constructor(
    readonly bodyField: BodyField,
    readonly problems: string[]
  ) {
    const issues = problems.map((problem) => `${bodyField.field} ${problem}`).join('; ');
    super('bad_request', `Invalid ${bodyField.request}: ${issues}.`);
    this.name = 'RefusedBody';
  }
}
