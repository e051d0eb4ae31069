import { blocksToHtml } from '../blocks/blocks-to-html';
import { htmlElement, type HtmlElement, type HtmlNode } from '../blocks/html-tree';
import { markdownToHtml } from '../html/markdown-to-html';
import { serializeHtml } from './html-serialize';
import type { ZonePlan } from './zone-kinds';

const text = (value: string): HtmlNode => ({ kind: 'text', text: value });
const html = (node: HtmlElement) => serializeHtml([node]);
const stringOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** Lines of a plain text field, line breaks as `<br>`. */
function lines(value: string): HtmlNode[] {
  const nodes: HtmlNode[] = [];
  value.split('\n').forEach((line, index) => {
    if (index) nodes.push(htmlElement('br'));
    if (line) nodes.push(text(line));
  });
  return nodes;
}

/** A media field as the Document Service populates it. */
interface PopulatedFile {
  url?: unknown;
  alternativeText?: unknown;
  width?: unknown;
  height?: unknown;
  mime?: unknown;
  name?: unknown;
}

export interface ZoneHtmlOptions {
  /**
   * Where a local upload's path (`/uploads/...`) is served (Strapi's `server.absoluteUrl`): the body
   * shows library files at absolute URLs, as the writers put them in (the HTML is rendered elsewhere).
   */
  uploadsOrigin: string;
}

const absoluteUrl = (url: string, origin: string) =>
  url.startsWith('/') && !url.startsWith('//') ? `${origin.replace(/\/+$/, '')}${url}` : url;

/**
 * A dynamic zone's components as HTML, in their order: what the WordPress door serves as the post's
 * `content`. Each kind the plugin writes (core/src/body/zone-kinds.ts) is shown as the article HTML
 * it was laid out from: a text component's field in its format (its section title as an h2), an image
 * as a figure, a quote as a blockquote, a video as its frame. Components of other kinds (an editor's
 * slider or call to action) have no article HTML and are left out of it. Not sanitized here: the
 * caller sanitizes it as any body served.
 */
export function zoneToHtml(components: unknown, plan: ZonePlan, options: ZoneHtmlOptions): string {
  if (!Array.isArray(components)) return '';
  const parts: string[] = [];
  for (const component of components as Array<Record<string, unknown>>) {
    if (typeof component !== 'object' || component === null) continue;
    const uid = component.__component;
    if (uid === plan.text.uid) {
      const title = plan.text.title ? stringOf(component[plan.text.title.name]).trim() : '';
      if (title) parts.push(html(htmlElement('h2', [text(title)])));
      const value = component[plan.text.field];
      if (plan.text.format === 'blocks') parts.push(blocksToHtml(value));
      else if (plan.text.format === 'markdown') parts.push(markdownToHtml(stringOf(value)).trim());
      else parts.push(stringOf(value));
    } else if (plan.media && uid === plan.media.uid) {
      const file = component[plan.media.field] as PopulatedFile | null | undefined;
      const url = stringOf(file?.url);
      if (!url) continue;
      const caption = plan.media.caption ? stringOf(component[plan.media.caption.name]).trim() : '';
      const image = htmlElement('img', [], {
        src: absoluteUrl(url, options.uploadsOrigin),
        alt: stringOf(file?.alternativeText),
        ...(typeof file?.width === 'number' ? { width: String(file.width) } : {}),
        ...(typeof file?.height === 'number' ? { height: String(file.height) } : {}),
      });
      parts.push(
        html(htmlElement('figure', [image, ...(caption ? [htmlElement('figcaption', [text(caption)])] : [])]))
      );
    } else if (plan.quote && uid === plan.quote.uid) {
      const body = stringOf(component[plan.quote.body.name]).trim();
      if (!body) continue;
      const attribution = plan.quote.title ? stringOf(component[plan.quote.title.name]).trim() : '';
      const paragraphs = body.split(/\n{2,}/).map((paragraph) => htmlElement('p', lines(paragraph)));
      if (attribution) paragraphs.push(htmlElement('p', [text(`— ${attribution}`)]));
      parts.push(html(htmlElement('blockquote', paragraphs)));
    } else if (plan.video && uid === plan.video.uid) {
      const src = stringOf(component[plan.video.url.name]).trim();
      if (!src) continue;
      const title = plan.video.title ? stringOf(component[plan.video.title.name]).trim() : '';
      parts.push(html(htmlElement('iframe', [], { src, ...(title ? { title } : {}), allowfullscreen: '' })));
    }
  }
  return parts.filter(Boolean).join('\n');
}
