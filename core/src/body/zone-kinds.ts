import { hasUsableDefault } from '../target-profile/required-fields';
import { normalizedName, ROLE_NAMES as FIELD_NAMES } from '../target-profile/role-names';
import { namesTextSection, pageSectionWord } from './zone-page-sections';
import type { AttributeSchema, ComponentSchema, SchemaCatalog } from '../target-profile/schema';
import { isHtmlEditor, namesHtml, saysMarkdown } from './html-editors';

/** A plain text field a component kind fills, with what decides whether a value fits. */
export interface ZoneTextField {
  name: string;
  required: boolean;
  maxLength?: number;
}

/**
 * Text runs: a component with one rich text field (Markdown, or HTML for an HTML editor or a name
 * that says HTML) or blocks field, and maybe a title-like plain field: when that one is required,
 * each section of the article is a component of its own, its heading in the title.
 */
export interface TextKind {
  uid: string;
  field: string;
  format: 'markdown' | 'html' | 'blocks';
  title?: ZoneTextField;
}

/** Images: a component with one single media field that takes images; a caption-like field gets the caption. */
export interface MediaKind {
  uid: string;
  field: string;
  caption?: ZoneTextField;
}

/** Blockquotes: a component with a plain text body field and maybe a title-like field (the attribution). */
export interface QuoteKind {
  uid: string;
  body: ZoneTextField;
  title?: ZoneTextField;
}

/** Embedded videos: a video component with one address field and maybe a title. */
export interface VideoKind {
  uid: string;
  url: ZoneTextField;
  title?: ZoneTextField;
}

/** The components a dynamic zone body is written with; text is the one kind every article needs. */
export interface ZonePlan {
  text: TextKind;
  media?: MediaKind;
  quote?: QuoteKind;
  video?: VideoKind;
}

type Role = 'text' | 'media' | 'quote' | 'video';

interface Candidate<K> {
  kind: K;
  /** Required fields without a default that the kind does not fill. */
  unfilled: string[];
  size: number;
  /** Why a component of the right shape holds no article content (a button's link), if it does not. */
  notText?: string;
}

const ROLE_NAMES: Record<Role, string> = {
  text: 'the article text',
  media: 'images',
  quote: 'quotes',
  video: 'videos',
};

const key = normalizedName;
const named = (attributes: [string, AttributeSchema][], names: readonly string[], types: string[]) =>
  attributes.filter(([name, attribute]) => types.includes(attribute.type) && names.includes(key(name)));
const ofTypes = (attributes: [string, AttributeSchema][], types: string[]) =>
  attributes.filter(([, attribute]) => types.includes(attribute.type));

const textField = ([name, attribute]: [string, AttributeSchema]): ZoneTextField => ({
  name,
  required: attribute.required === true,
  // A string without maxLength is capped at 255 by Strapi.
  ...(attribute.maxLength !== undefined || attribute.type === 'string'
    ? { maxLength: attribute.maxLength ?? 255 }
    : {}),
});

const RICH = ['richtext', 'blocks'];
const PLAIN = ['string', 'text'];
const CAPTION_NAMES = FIELD_NAMES.caption as readonly string[];
/** A text component's section title: title-like names in every language of the name table. */
const SECTION_TITLE_NAMES = [...FIELD_NAMES.title, 'sectiontitle', 'subtitle', 'subheading'];
const QUOTE_BODY_NAMES = ['body', 'quote', 'quotetext', 'text', 'content'];
const TITLE_NAMES = [
  'title',
  'author',
  'authorname',
  'cite',
  'citation',
  'source',
  'attribution',
  'name',
  'by',
];
const URL_NAMES = [
  'url',
  'videourl',
  'video',
  'src',
  'embedurl',
  'embed',
  'youtubeurl',
  'youtube',
  'link',
  'href',
];
// Component names count only where a shape alone is ambiguous: a lone address is also a link or a button.
const QUOTE_HINT = /quote|testimonial|citation/i;
const VIDEO_HINT = /video|youtube|vimeo|embed/i;

/** Field names that make a component an action, not article text: a link, a button, a price. */
const ACTION_FIELD =
  /^(url|link|links|href|button|buttons|buttonlabel|buttontext|buttonurl|buttonlink|cta|ctalabel|ctaurl|ctatext|applyurl|applylink|price|email|phone|icon|target|action)$|(url|link|href|button)$/;

function richTextFormat(name: string, attribute: AttributeSchema): TextKind['format'] {
  if (attribute.type === 'blocks') return 'blocks';
  if (isHtmlEditor(attribute)) return saysMarkdown(attribute) ? 'markdown' : 'html';
  return namesHtml(name) ? 'html' : 'markdown';
}

function candidate<K>(component: ComponentSchema, kind: K, filled: (string | undefined)[]): Candidate<K> {
  const attributes = Object.entries(component.attributes);
  const unfilled = attributes
    .filter(
      ([name, attribute]) => attribute.required && !hasUsableDefault(attribute) && !filled.includes(name)
    )
    .map(([name]) => name);
  return { kind, unfilled, size: attributes.length };
}

function asText(component: ComponentSchema): Candidate<TextKind> | undefined {
  const attributes = Object.entries(component.attributes);
  const rich = ofTypes(attributes, RICH);
  if (rich.length !== 1 || ofTypes(attributes, ['media']).length) return undefined;
  const [field, attribute] = rich[0];
  const title = named(attributes, SECTION_TITLE_NAMES, PLAIN).sort(
    ([a], [b]) => SECTION_TITLE_NAMES.indexOf(key(a)) - SECTION_TITLE_NAMES.indexOf(key(b))
  )[0];
  // Article text has a text and maybe a heading: a link, a button, a relation or a nested part says otherwise.
  const actions = attributes
    .filter(([name]) => name !== field && name !== title?.[0])
    .filter(
      ([name, other]) =>
        ACTION_FIELD.test(key(name)) || ['relation', 'component', 'dynamiczone'].includes(other.type)
    )
    .map(([name]) => name);
  return {
    ...candidate(
      component,
      {
        uid: component.uid,
        field,
        format: richTextFormat(field, attribute),
        ...(title ? { title: textField(title) } : {}),
      },
      [field, title?.[0]]
    ),
    ...(actions.length
      ? {
          notText: `its field${actions.length > 1 ? 's' : ''} ${quoted(actions)} ${actions.length > 1 ? 'are' : 'is'} no part of an article`,
        }
      : {}),
  };
}

const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(', ');

function asMedia(component: ComponentSchema): Candidate<MediaKind> | undefined {
  const attributes = Object.entries(component.attributes);
  const media = ofTypes(attributes, ['media']);
  if (media.length !== 1 || ofTypes(attributes, RICH).length) return undefined;
  const [field, attribute] = media[0];
  if (attribute.multiple || (attribute.allowedTypes && !attribute.allowedTypes.includes('images')))
    return undefined;
  const caption = named(attributes, CAPTION_NAMES, PLAIN).sort(
    ([a], [b]) => CAPTION_NAMES.indexOf(key(a)) - CAPTION_NAMES.indexOf(key(b))
  )[0];
  return candidate(
    component,
    { uid: component.uid, field, ...(caption ? { caption: textField(caption) } : {}) },
    [field, caption?.[0]]
  );
}

function asQuote(component: ComponentSchema): Candidate<QuoteKind> | undefined {
  const attributes = Object.entries(component.attributes);
  const hinted = QUOTE_HINT.test(component.uid);
  const plain = ofTypes(attributes, PLAIN);
  if (plain.length !== attributes.length && !hinted) return undefined;
  if (ofTypes(attributes, ['media', 'relation', 'component', 'dynamiczone', ...RICH]).length)
    return undefined;
  const bodies = named(attributes, QUOTE_BODY_NAMES, PLAIN);
  const body =
    bodies.find(([, attribute]) => attribute.type === 'text') ??
    bodies[0] ??
    (hinted ? ofTypes(attributes, ['text'])[0] : undefined);
  if (!body) return undefined;
  const title = named(attributes, TITLE_NAMES, ['string']).find(([name]) => name !== body[0]);
  // Without a hint in its name, a component is a quote only when it is nothing but body and title.
  if (!hinted && attributes.length > (title ? 2 : 1)) return undefined;
  return candidate(
    component,
    { uid: component.uid, body: textField(body), ...(title ? { title: textField(title) } : {}) },
    [body[0], title?.[0]]
  );
}

function asVideo(component: ComponentSchema): Candidate<VideoKind> | undefined {
  const attributes = Object.entries(component.attributes);
  const urls = named(attributes, URL_NAMES, ['string', 'text']);
  if (urls.length !== 1 || ofTypes(attributes, ['media', ...RICH]).length) return undefined;
  const [field] = urls[0];
  if (!VIDEO_HINT.test(component.uid) && !VIDEO_HINT.test(field)) return undefined;
  const title = named(attributes, ['title', 'caption', 'name'], PLAIN)[0];
  return candidate(
    component,
    { uid: component.uid, url: textField(urls[0]), ...(title ? { title: textField(title) } : {}) },
    [field, title?.[0]]
  );
}

/** What the zone's plan says of its components: each warning, and those about the article text apart. */
export interface ZonePlanResult {
  plan?: ZonePlan;
  /** Components passed over, one sentence each (the target check lists them as degradations). */
  warnings: string[];
  /** The sentences about the article text: without a text component, they are why the zone cannot take the body. */
  textWarnings: string[];
}

/**
 * Chooses, from the components a dynamic zone allows, the one for each kind of article content, by
 * shape: the fewest fields wins, then the zone's order. A component named like a part of a page (a
 * hero, a job offer, a call to action) is never used, nor a text component with a link or a button
 * besides its text; a component with a required field the kind cannot fill is not used either. When
 * that leaves a kind without a component, a warning names each one passed over and why.
 */
export function zonePlan(allowed: string[], catalog: SchemaCatalog): ZonePlanResult {
  const components = allowed
    .map((uid) => catalog.component(uid))
    .filter((component): component is ComponentSchema => component !== undefined);
  const warnings: string[] = [];
  const textWarnings: string[] = [];
  const taken = new Set<string>();
  function choose<K extends { uid: string }>(
    role: Role,
    match: (component: ComponentSchema) => Candidate<K> | undefined
  ): K | undefined {
    const said = (warning: string) => {
      warnings.push(warning);
      if (role === 'text') textWarnings.push(warning);
    };
    const candidates = components
      .filter((component) => !taken.has(component.uid))
      .map((component) => {
        const found = match(component);
        if (!found) return undefined;
        const section = pageSectionWord(component.uid);
        if (section)
          return { ...found, notText: `it is named like a part of a page (${section}), not of an article` };
        // The positive rule: only a section named for text takes any part of the article.
        if (found.notText === undefined && !namesTextSection(component.uid))
          return {
            ...found,
            notText:
              'its name says no section of text (rich text, Markdown, paragraph, quote, figure, media), so it is left alone',
          };
        return found;
      })
      .filter((found): found is Candidate<K> => found !== undefined);
    const usable = candidates
      .filter((found) => !found.unfilled.length && found.notText === undefined)
      .sort((a, b) => a.size - b.size)[0];
    if (usable) {
      taken.add(usable.kind.uid);
      return usable.kind;
    }
    for (const component of components) {
      const found = candidates.find(({ kind }) => kind.uid === component.uid);
      // A page section of no text shape (a hero of a title and a plain description) is named too, so
      // that a refusal for want of a text section names every section it passed over.
      const section = !found && role === 'text' && pageSectionWord(component.uid);
      if (section)
        said(
          `The zone's component "${component.uid}" is not used for ${ROLE_NAMES[role]}: it is named like a part of a page (${section}), not of an article.`
        );
      if (!found) continue;
      const { kind, unfilled, notText } = found;
      if (unfilled.length)
        said(
          `The zone's component "${kind.uid}" is not used for ${ROLE_NAMES[role]}: its required field${unfilled.length > 1 ? 's' : ''} ${quoted(unfilled)} cannot be filled.`
        );
      else if (notText)
        said(`The zone's component "${kind.uid}" is not used for ${ROLE_NAMES[role]}: ${notText}.`);
    }
    return undefined;
  }
  const text = choose('text', asText);
  const media = choose('media', asMedia);
  const video = choose('video', asVideo);
  const quote = choose('quote', asQuote);
  if (!text) return { warnings, textWarnings };
  return {
    plan: { text, ...(media ? { media } : {}), ...(quote ? { quote } : {}), ...(video ? { video } : {}) },
    warnings,
    textWarnings,
  };
}

/** The component kinds the plugin writes with a plan: on republish, only these are replaced. */
export function writtenKinds(plan: ZonePlan): string[] {
  return [plan.text, plan.media, plan.quote, plan.video]
    .filter((kind) => kind !== undefined)
    .map((kind) => kind.uid);
}
