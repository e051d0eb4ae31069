import { Parser } from 'htmlparser2';
import { isJsonLdType } from '../nesting';
import { htmlParses } from './parse-count';

/** What one pass over an article's raw (not yet sanitized) HTML finds, for the request bounds and JSON-LD. */
export interface RawInspection {
  /** Elements nest deeper than the limit (the pass stopped there; the rest is not inspected). */
  tooDeep: boolean;
  /** `<img>` elements, with or without a src. */
  imageCount: number;
  /** The texts of the `<script type="application/ld+json">` blocks, in document order. */
  jsonLdTexts: string[];
}

/** The request schema and normalizing look at the same text one after the other: the second is served from here. */
let last: { html: string; depthLimit: number; inspection: RawInspection } | undefined;

/**
 * A pass made elsewhere (the worker thread of a large article), for the request schema to find here:
 * the handler awaits it before it parses the request, so the schema's check does not parse again.
 */
export function rememberRawInspection(html: string, depthLimit: number, inspection: RawInspection): void {
  last = { html, depthLimit, inspection };
}

/**
 * One htmlparser2 pass over raw article HTML: how deep its elements nest (stopping at the first one
 * past `depthLimit`, so the parser's stack never outgrows it and the pass stays linear), how many
 * `<img>` it has, and its JSON-LD script texts. The request schema checks the bounds with it, and
 * normalizing reads the JSON-LD from the same result, so the raw HTML is parsed once per request.
 */
export function inspectRawHtml(html: string, depthLimit: number): RawInspection {
  if (last && last.html === html && last.depthLimit === depthLimit) return last.inspection;
  htmlParses.count();
  const inspection: RawInspection = { tooDeep: false, imageCount: 0, jsonLdTexts: [] };
  let depth = 0;
  let script: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        depth++;
        if (depth > depthLimit) {
          inspection.tooDeep = true;
          parser.pause();
          return;
        }
        if (name === 'img') inspection.imageCount++;
        else if (name === 'script' && isJsonLdType(attribs.type)) script = '';
      },
      ontext(text) {
        if (script !== null) script += text;
      },
      onclosetag(name) {
        depth--;
        if (name === 'script' && script !== null) {
          inspection.jsonLdTexts.push(script);
          script = null;
        }
      },
    },
    { decodeEntities: false }
  );
  parser.write(html);
  if (!inspection.tooDeep) parser.end();
  last = { html, depthLimit, inspection };
  return inspection;
}
