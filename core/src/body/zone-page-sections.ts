import { nameWords, normalizedName } from '../target-profile/role-names';

/**
 * Words of a component's name that say it is a part of a page, not of an article (a hero, a job
 * offer, a call to action, a form), in the languages of the name table: never given article text,
 * images, quotes or videos, whatever its shape.
 */
const PAGE_SECTION_WORDS = new Set([
  'hero',
  'heroes',
  'banner',
  'jumbotron',
  'header',
  'footer',
  'navbar',
  'menu',
  'cta',
  'calltoaction',
  'hiring',
  'job',
  'jobs',
  'career',
  'careers',
  'vacancy',
  'vacancies',
  'recruiting',
  'pricing',
  'newsletter',
  'signup',
  'subscribe',
  'subscription',
  'contact',
  'form',
  'button',
  'buttons',
  'promo',
  'promotion',
  'countdown',
  'logos',
  'partners',
  'team',
  'stats',
  // pt, es, fr, de, it, nl, pl, cs
  'vagas',
  'emprego',
  'empleo',
  'empleos',
  'emploi',
  'emplois',
  'recrutement',
  'stellen',
  'stellenangebot',
  'stellenangebote',
  'karriere',
  'lavoro',
  'carriera',
  'vacature',
  'vacatures',
  'praca',
  'kariera',
  'kontakt',
  'contato',
  'contacto',
  'formulario',
  'formulaire',
  'formular',
  'boton',
  'bouton',
  'schaltflache',
  'pulsante',
  'knop',
  'przycisk',
  'tlacitko',
]);

/** The page-section word a component's uid holds (`marketing.hero` -> hero), if any. */
export function pageSectionWord(uid: string): string | undefined {
  const words = nameWords(uid);
  if (normalizedName(uid).includes('calltoaction')) return 'call to action';
  return words.find((word) => PAGE_SECTION_WORDS.has(word));
}

/**
 * Words of a component's name that say it is a section of text (issue #61, the positive rule): rich
 * text, Markdown, HTML, a paragraph, a quote, a figure, an image or a video, in the languages of the
 * name table. Only such a section takes the article's text, images, quotes or videos; any other (a
 * feature grid, a testimonial wall, a pricing table) is left alone, whatever its fields.
 */
const TEXT_SECTION_WORDS = new Set([
  'text',
  'texts',
  'richtext',
  'markdown',
  'md',
  'html',
  'paragraph',
  'paragraphs',
  'prose',
  'content',
  'body',
  'copy',
  'article',
  'quote',
  'quotes',
  'blockquote',
  'citation',
  'figure',
  'media',
  'image',
  'images',
  'img',
  'photo',
  'picture',
  'video',
  'videos',
  'embed',
  'youtube',
  'vimeo',
  // pt, es, fr, de, it, nl, pl, cs, tr, vi
  'texto',
  'texte',
  'testo',
  'tekst',
  'paragrafo',
  'parrafo',
  'paragraphe',
  'absatz',
  'alinea',
  'akapit',
  'odstavec',
  'paragraf',
  'conteudo',
  'contenido',
  'contenu',
  'contenuto',
  'inhalt',
  'inhoud',
  'tresc',
  'obsah',
  'icerik',
  'metin',
  'noidung',
  'vanban',
  'doanvan',
  'citacao',
  'cita',
  'zitat',
  'citazione',
  'citaat',
  'cytat',
  'citat',
  'alinti',
  'trichdan',
  'imagem',
  'imagen',
  'bild',
  'immagine',
  'afbeelding',
  'obraz',
  'obrazek',
  'foto',
  'figura',
  'abbildung',
  'gorsel',
  'resim',
  'hinhanh',
  'anh',
]);

/** Whether a component's uid names a section of text (`shared.rich-text`, `story.paragraph`, `blocks.textblock`). */
export function namesTextSection(uid: string): boolean {
  // A compound starting or ending in a longer word counts too (`textblock`, `imageblock`, `bodytext`).
  // The component's own name joined too: words split apart (`doan-van`, `rich-text`) name one thing.
  const words = [...nameWords(uid), normalizedName(uid.slice(uid.indexOf('.') + 1))];
  return words.some(
    (word) =>
      TEXT_SECTION_WORDS.has(word) ||
      [...TEXT_SECTION_WORDS].some(
        (text) =>
          text.length >= 4 && word.length > text.length && (word.startsWith(text) || word.endsWith(text))
      )
  );
}
