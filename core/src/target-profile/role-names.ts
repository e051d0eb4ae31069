import type { Attributes, AttributeSchema } from './schema';
import type { FieldRef } from './profile';

/** The languages whose attribute names detection knows besides English. */
export type NameLanguage = 'pt' | 'es' | 'fr' | 'de' | 'it' | 'nl' | 'pl' | 'cs' | 'tr' | 'vi';

/** The roles whose names are listed per language. */
export type LocalizedRole =
  | 'title'
  | 'body'
  | 'summary'
  | 'cover'
  | 'category'
  | 'tags'
  | 'author'
  | 'date'
  | 'name'
  | 'caption';

/**
 * Attribute names of each role in other languages, as `normalizedName` leaves them (lower case, no
 * accents, no `_`/`-`/spaces: `Título`, `titulo` and `TITULO` are one name). One table, one place:
 * every role list below appends its row after the English names, so English wins a tie.
 * `category`, `tags` and `author` also name the related types (a `Categoria` type), and `name` is
 * the name field of a category, tag or author type.
 */
export const NAMES_BY_LANGUAGE: Record<NameLanguage, Record<LocalizedRole, readonly string[]>> = {
  pt: {
    title: ['titulo', 'manchete'],
    body: ['conteudo', 'corpo', 'texto', 'materia'],
    summary: ['resumo', 'descricao', 'introducao', 'chamada', 'sumario', 'subtitulo', 'linhafina'],
    cover: ['capa', 'imagem', 'imagemdestaque', 'imagemdecapa', 'imagemprincipal', 'foto'],
    category: ['categoria', 'categorias', 'editoria', 'secao', 'genero', 'generos'],
    tags: ['etiquetas', 'palavraschave', 'marcadores'],
    author: ['autor', 'autores', 'autora'],
    date: ['data', 'datapublicacao', 'datadepublicacao', 'publicadoem'],
    name: ['nome', 'titulo'],
    caption: ['legenda', 'textoalternativo'],
  },
  es: {
    title: ['titulo', 'titular'],
    body: ['contenido', 'cuerpo', 'texto'],
    summary: ['resumen', 'descripcion', 'extracto', 'entradilla', 'introduccion', 'bajada', 'sumario'],
    cover: ['portada', 'imagen', 'imagendestacada', 'imagenprincipal', 'foto'],
    category: ['categoria', 'categorias', 'seccion', 'genero', 'generos'],
    tags: ['etiquetas', 'palabrasclave'],
    author: ['autor', 'autores', 'autora'],
    date: ['fecha', 'fechapublicacion', 'fechadepublicacion', 'publicadoel'],
    name: ['nombre', 'titulo'],
    caption: ['leyenda', 'pie', 'piedefoto', 'textoalternativo'],
  },
  fr: {
    title: ['titre'],
    body: ['contenu', 'corps', 'texte'],
    summary: ['resume', 'chapo', 'chapeau', 'extrait', 'accroche', 'introduction'],
    cover: ['couverture', 'imagedecouverture', 'imageavant', 'imageune', 'vignette', 'visuel'],
    category: ['categorie', 'categories', 'rubrique', 'rubriques', 'genre', 'genres'],
    tags: ['etiquettes', 'motscles', 'motcles'],
    author: ['auteur', 'auteurs', 'autrice', 'redacteur'],
    date: ['datepublication', 'datedepublication', 'publiele'],
    name: ['nom', 'titre', 'libelle'],
    caption: ['legende', 'textealternatif'],
  },
  de: {
    title: ['titel', 'uberschrift', 'ueberschrift', 'schlagzeile'],
    body: ['inhalt', 'textkorper', 'haupttext', 'fliesstext'],
    summary: ['zusammenfassung', 'beschreibung', 'kurzbeschreibung', 'einleitung', 'anreisser', 'vorspann'],
    cover: ['titelbild', 'bild', 'beitragsbild', 'vorschaubild', 'headerbild', 'aufmacherbild'],
    category: ['kategorie', 'kategorien', 'rubrik', 'rubriken', 'genre', 'genres'],
    tags: ['schlagworter', 'schlagwoerter', 'stichworter', 'stichwoerter'],
    author: ['autor', 'autoren', 'autorin', 'verfasser'],
    date: [
      'datum',
      'veroffentlichungsdatum',
      'veroeffentlichungsdatum',
      'erscheinungsdatum',
      'veroffentlichtam',
    ],
    name: ['name', 'titel', 'bezeichnung'],
    caption: ['bildunterschrift', 'beschriftung', 'alternativtext'],
  },
  it: {
    title: ['titolo'],
    body: ['contenuto', 'corpo', 'testo'],
    summary: ['riassunto', 'sommario', 'descrizione', 'estratto', 'introduzione', 'occhiello', 'sottotitolo'],
    cover: ['copertina', 'immagine', 'immaginedicopertina', 'immagineprincipale', 'foto'],
    category: ['categoria', 'categorie', 'sezione', 'genere', 'generi'],
    tags: ['etichette', 'parolechiave'],
    author: ['autore', 'autori', 'autrice'],
    date: ['data', 'datapubblicazione', 'datadipubblicazione', 'pubblicatoil'],
    name: ['nome', 'titolo'],
    caption: ['didascalia', 'testoalternativo'],
  },
  nl: {
    title: ['titel', 'kop', 'kopregel'],
    body: ['inhoud', 'tekst', 'broodtekst'],
    summary: ['samenvatting', 'beschrijving', 'omschrijving', 'inleiding', 'intro'],
    cover: ['afbeelding', 'omslag', 'omslagafbeelding', 'uitgelichteafbeelding', 'hoofdafbeelding'],
    category: ['categorie', 'categorieen', 'rubriek', 'rubrieken', 'genre', 'genres'],
    tags: ['labels', 'trefwoorden'],
    author: ['auteur', 'auteurs', 'schrijver'],
    date: ['datum', 'publicatiedatum', 'gepubliceerdop'],
    name: ['naam', 'titel'],
    caption: ['bijschrift', 'onderschrift', 'alternatievetekst'],
  },
  pl: {
    title: ['tytul', 'naglowek'],
    body: ['tresc', 'tekst', 'zawartosc'],
    summary: ['streszczenie', 'opis', 'zajawka', 'wstep', 'lead', 'podsumowanie'],
    cover: ['okladka', 'zdjecie', 'obraz', 'obrazek', 'miniatura', 'zdjecieglowne'],
    category: ['kategoria', 'kategorie', 'dzial', 'gatunek', 'gatunki'],
    tags: ['tagi', 'znaczniki', 'slowakluczowe'],
    author: ['autor', 'autorzy', 'autorka'],
    date: ['data', 'datapublikacji', 'opublikowano'],
    name: ['nazwa', 'tytul'],
    caption: ['podpis', 'opiszdjecia', 'tekstalternatywny'],
  },
  cs: {
    title: ['nazev', 'titulek', 'nadpis'],
    body: ['obsah', 'text', 'telo'],
    summary: ['shrnuti', 'popis', 'perex', 'uvod', 'anotace'],
    cover: ['obrazek', 'nahled', 'titulniobrazek', 'obalka', 'fotka'],
    category: ['kategorie', 'rubrika', 'rubriky', 'zanr', 'zanry'],
    tags: ['stitky', 'klicovaslova', 'tagy'],
    author: ['autor', 'autori', 'autorka'],
    date: ['datum', 'datumpublikace', 'datumzverejneni', 'publikovano'],
    name: ['nazev', 'jmeno'],
    caption: ['popisek', 'alternativnitext'],
  },
  tr: {
    title: ['baslik', 'manset'],
    body: ['icerik', 'metin', 'govde', 'yazi'],
    summary: ['ozet', 'aciklama', 'kisaaciklama', 'giris', 'spot'],
    cover: ['kapak', 'kapakgorseli', 'gorsel', 'resim', 'onecikangorsel'],
    category: ['kategori', 'kategoriler'],
    tags: ['etiketler', 'anahtarkelimeler'],
    author: ['yazar', 'yazarlar'],
    date: ['tarih', 'yayintarihi'],
    name: ['ad', 'isim', 'baslik'],
    caption: ['altyazi', 'alternatifmetin'],
  },
  // Vietnamese names as Strapi's attribute names hold them: without diacritics (`tieu_de`, `noi_dung`).
  vi: {
    title: ['tieude', 'tieudebaiviet'],
    body: ['noidung', 'noidungbaiviet'],
    summary: ['tomtat', 'mota', 'motangan', 'gioithieu'],
    cover: ['anhdaidien', 'hinhanh', 'anhbia', 'hinhdaidien'],
    category: ['danhmuc', 'chuyenmuc'],
    tags: ['tukhoa', 'nhan'],
    author: ['tacgia'],
    date: ['ngaydang', 'ngayxuatban'],
    name: ['ten', 'tieude'],
    caption: ['chuthich'],
  },
};

/** A role's names in every other language, in the table's order, without repeats. */
export function localizedNames(role: LocalizedRole): string[] {
  return [...new Set(Object.values(NAMES_BY_LANGUAGE).flatMap((row) => row[role]))];
}

const withLocalized = (english: readonly string[], role: LocalizedRole): readonly string[] => [
  ...new Set([...english, ...localizedNames(role)]),
];

/**
 * The common attribute names of each role, compared without case, accents, '_' or '-' (so
 * `featured_image`, `featuredImage` and `FeaturedImage` are one name), English first, then the other
 * languages of NAMES_BY_LANGUAGE. Earlier names win.
 */
export const ROLE_NAMES = {
  title: withLocalized(['title', 'headline', 'heading', 'name'], 'title'),
  slug: ['slug'],
  featuredImage: withLocalized(
    [
      'cover',
      'coverimage',
      'image',
      'featuredimage',
      'featuredmedia',
      'hero',
      'heroimage',
      'thumbnail',
      'mainimage',
      'banner',
    ],
    'cover'
  ),
  summary: withLocalized(
    [
      'description',
      'excerpt',
      'summary',
      'intro',
      'introduction',
      'shortdescription',
      'teaser',
      'lead',
      'abstract',
      'subtitle',
      'standfirst',
      'synopsis',
    ],
    'summary'
  ),
  body: withLocalized(
    [
      'content',
      'body',
      'blocks',
      'article',
      'contents',
      'articlebody',
      'articlecontent',
      'articletext',
      'postcontent',
      'postbody',
      'posttext',
      'maincontent',
      'bodycontent',
      'bodytext',
      'contenthtml',
      'bodyhtml',
      'richtext',
      'html',
      'markdown',
      'text',
    ],
    'body'
  ),
  categoriesField: withLocalized(
    ['categories', 'category', 'topics', 'topic', 'sections', 'section', 'genres', 'genre'],
    'category'
  ),
  categoryType: withLocalized(
    [
      'category',
      'categories',
      'topic',
      'section',
      'genre',
      'articlecategory',
      'blogcategory',
      'postcategory',
    ],
    'category'
  ),
  tagsField: withLocalized(['tags', 'tag', 'keywords', 'labels'], 'tags'),
  tagType: withLocalized(['tag', 'tags', 'keyword', 'label', 'articletag', 'blogtag', 'posttag'], 'tags'),
  authorField: withLocalized(['author', 'authors', 'writer', 'writers', 'writtenby'], 'author'),
  authorType: withLocalized(['author', 'writer', 'user', 'person', 'member', 'blogauthor'], 'author'),
  relatedName: withLocalized(['name', 'title', 'label', 'fullname', 'displayname', 'username'], 'name'),
  date: withLocalized(
    [
      'publisheddate',
      'pubdate',
      'date',
      'publishedon',
      'publicationdate',
      'publishdate',
      'postdate',
      'postedon',
      'releasedate',
    ],
    'date'
  ),
  /** A zone media component's caption field (its alt text when the caption is required). */
  caption: withLocalized(
    ['caption', 'legend', 'figcaption', 'description', 'alt', 'alttext', 'alternativetext', 'title', 'text'],
    'caption'
  ),
  readingTime: ['readingtime', 'readtime', 'readingminutes', 'minutestoread', 'timetoread'],
  jsonLd: ['jsonld', 'structureddata', 'schema', 'schemamarkup', 'schemaorg'],
  seoField: ['seo', 'meta', 'metadata', 'seometa'],
  seoTitle: ['metatitle', 'seotitle', 'title'],
  seoDescription: ['metadescription', 'seodescription', 'description'],
  seoKeywords: ['keywords', 'metakeywords', 'seokeywords'],
  /** The focus keyword alone (Yoast's focus keyphrase), beside or instead of the keywords list. */
  seoFocusKeyword: ['focuskeyword', 'focuskeyphrase', 'focuskw', 'keyword', 'mainkeyword', 'primarykeyword'],
  seoCanonical: ['canonicalurl', 'canonical', 'canonicallink'],
  seoImage: ['metaimage', 'shareimage', 'ogimage', 'socialimage', 'image'],
  seoStructuredData: ['structureddata', 'jsonld', 'schema', 'schemamarkup'],
  /** Flat SEO fields on the type itself must say they are SEO: a bare `title` is the article's. */
  flatSeoTitle: ['metatitle', 'seotitle'],
  flatSeoDescription: ['metadescription', 'seodescription'],
  flatSeoKeywords: ['metakeywords', 'seokeywords'],
  flatSeoFocusKeyword: ['focuskeyword', 'focuskeyphrase', 'seofocuskeyword'],
  flatSeoCanonical: ['canonicalurl', 'canonical'],
} as const;

/** Names that mark a component as SEO when its field is not called `seo`. */
export const SEO_MARKER_NAMES = ['metatitle', 'seotitle', 'metadescription', 'seodescription'];

/** A name as the lists hold it: accents and case dropped (`Título` -> `titulo`, `Treść` -> `tresc`), then anything but letters and digits. */
export function normalizedName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁ]/g, 'l')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export type AttributeTest = (attribute: AttributeSchema, name: string) => boolean;

/**
 * The attribute whose name comes first in `names` among those that pass `accepts` and are not taken
 * by another role.
 */
export function findByName(
  attributes: Attributes,
  names: readonly string[],
  accepts: AttributeTest,
  taken: ReadonlySet<string> = new Set()
): FieldRef | null {
  for (const wanted of names) {
    for (const [field, attribute] of Object.entries(attributes)) {
      if (taken.has(field) || normalizedName(field) !== wanted) continue;
      if (accepts(attribute, field)) return { field, attribute };
    }
  }
  return null;
}

export const isType =
  (...types: string[]): AttributeTest =>
  (attribute) =>
    types.includes(attribute.type);

export const TEXT_TYPES = ['string', 'text'];

/** A media field that holds one image (no allowedTypes means every kind, images included). */
export const isSingleImage: AttributeTest = (attribute) =>
  attribute.type === 'media' &&
  attribute.multiple !== true &&
  (attribute.allowedTypes === undefined || attribute.allowedTypes.includes('images'));

/** Relations Strapi 5 stores as a list; a to-one relation keeps only the last id it is given. */
export function isToMany(attribute: AttributeSchema): boolean {
  return ['oneToMany', 'manyToMany', 'manyWay', 'morphToMany', 'morphMany'].includes(
    attribute.relation ?? ''
  );
}

/**
 * The words of an attribute name, each as `normalizedName` leaves it: `sub_categoria_blog` ->
 * sub, categoria, blog; `musicGenre` -> music, genre; `Unterkategorie` -> unterkategorie.
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .map(normalizedName)
    .filter(Boolean);
}

/** Shorter words match only whole: a compound must end in a longer one (`unterkategorie`, `subcategory`). */
const COMPOUND_MIN_LENGTH = 6;

/**
 * Whether one of the name's words is one of `words`, or a compound ending in one of them
 * (`sub_categoria_produto`, `Unterkategorie`, `music_genre`), in any language of the tables.
 */
export function nameHasWord(name: string, words: readonly string[]): boolean {
  return nameWords(name).some((part) =>
    words.some((word) => part === word || (word.length >= COMPOUND_MIN_LENGTH && part.endsWith(word)))
  );
}

/**
 * Words that say a relation holds categories wherever they stand in its name (`sub_categoria_blog`,
 * `music_genre`): the category names of every language, less the generic ones (a `section`, a
 * `topic` are as often a page's parts).
 */
export const CATEGORY_WORDS: readonly string[] = withLocalized(
  ['category', 'categories', 'genre', 'genres'],
  'category'
).filter((word) => !/^(section|sections|secao|seccion|sezione|dzial|topic|topics)$/.test(word));

/** Words that say a relation holds tags wherever they stand in its name (`post_tags`, `Schlagworter_Liste`). */
export const TAG_WORDS: readonly string[] = withLocalized(['tag', 'tags', 'keywords'], 'tags');

/** Words that say a related type's text field is its entries' name (`genre_name`, `nome_subcategoria`). */
export const NAME_WORDS: readonly string[] = ROLE_NAMES.relatedName;

/** Words for "article" (or "main", "full") that make a body name with a text word: `Beitragstext`, `article_text`. */
const ARTICLE_WORDS = [
  'article',
  'post',
  'story',
  'blog',
  'main',
  'full',
  'artigo',
  'materia',
  'noticia',
  'articulo',
  'nota',
  'billet',
  'artikel',
  'beitrag',
  'bericht',
  'nachricht',
  'haupt',
  'voll',
  'lang',
  'articolo',
  'notizia',
  'nieuws',
  'artykul',
  'wpis',
  'clanek',
  'zprava',
];

/** The text words of the body names (`text`, `inhalt`, `contenu`, ...). */
const BODY_WORDS = [
  'text',
  'content',
  'body',
  ...new Set(Object.values(NAMES_BY_LANGUAGE).flatMap((row) => row.body)),
];

const BODY_COMPOUND = new RegExp(
  `^(${ARTICLE_WORDS.join('|')})(s|e|n|es|do|da|de|del|di|van)?(${BODY_WORDS.join('|')})$|^(${BODY_WORDS.join('|')})(do|da|de|del|dell|di|des|du|van|z)?(${ARTICLE_WORDS.join('|')})$`
);

/**
 * A body name made of an article word and a text word, in any language of the table: `Beitragstext`,
 * `Artikelinhalt`, `article_text`, `texto_do_artigo`, `testoArticolo`.
 */
export function isBodyCompound(name: string): boolean {
  const words = nameWords(name);
  if (words.some((word) => ARTICLE_WORDS.includes(word)) && words.some((word) => BODY_WORDS.includes(word)))
    return true;
  return BODY_COMPOUND.test(normalizedName(name));
}

/** Words for "short" that make a summary name with a text word: `short_content`, `Kurztext`, `noi_dung_ngan`. */
const SHORT_WORDS = [
  'short',
  'brief',
  'mini',
  'kurz',
  'kurze',
  'kurzer',
  'curto',
  'corto',
  'breve',
  'court',
  'kort',
  'korte',
  'krotki',
  'kratky',
  'kisa',
  'ngan',
];

const SUMMARY_COMPOUND = new RegExp(
  `^(${SHORT_WORDS.join('|')})(${BODY_WORDS.join('|')})$|^(${BODY_WORDS.join('|')})(${SHORT_WORDS.join('|')})$`
);

/**
 * A summary name made of a "short" word and a text word, in any language of the table:
 * `short_content`, `shortText`, `Kurztext`, `contenido_corto`, `noi_dung_ngan`.
 */
export function isSummaryCompound(name: string): boolean {
  const words = nameWords(name);
  if (words.some((word) => SHORT_WORDS.includes(word)) && words.some((word) => BODY_WORDS.includes(word)))
    return true;
  return SUMMARY_COMPOUND.test(normalizedName(name));
}
