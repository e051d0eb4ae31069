import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildPublishTarget } from '../src/publish-target';
import { profileMapping } from '../src/target-profile/profile';
import { NAMES_BY_LANGUAGE, normalizedName, ROLE_NAMES } from '../src/target-profile/role-names';
import type { Attributes, ContentTypeSchema } from '../src/target-profile/schema';
import { catalogOf, contentTypeSchema, targetSettings } from './helpers/target-shapes';

/** An article type with one language's attribute names, and its category and author types. */
interface LanguageShape {
  title: string;
  body: string;
  summary: string;
  cover: string;
  category: string;
  categoryType: string;
  categoryName: string;
  tags: string;
  author: string;
  authorType: string;
  date: string;
}

const SHAPES: Record<string, LanguageShape> = {
  pt: {
    title: 'Titulo',
    body: 'Conteudo',
    summary: 'Resumo',
    cover: 'Capa',
    category: 'Categoria',
    categoryType: 'categoria',
    categoryName: 'Nome',
    tags: 'Etiquetas',
    author: 'Autor',
    authorType: 'autor',
    date: 'DataPublicacao',
  },
  es: {
    title: 'titulo',
    body: 'contenido',
    summary: 'resumen',
    cover: 'portada',
    category: 'categoria',
    categoryType: 'categoria',
    categoryName: 'nombre',
    tags: 'etiquetas',
    author: 'autor',
    authorType: 'autor',
    date: 'fecha',
  },
  fr: {
    title: 'titre',
    body: 'contenu',
    summary: 'chapo',
    cover: 'couverture',
    category: 'rubrique',
    categoryType: 'rubrique',
    categoryName: 'nom',
    tags: 'mots_cles',
    author: 'auteur',
    authorType: 'auteur',
    date: 'date_publication',
  },
  de: {
    title: 'Titel',
    body: 'Inhalt',
    summary: 'Zusammenfassung',
    cover: 'Titelbild',
    category: 'Kategorie',
    categoryType: 'kategorie',
    categoryName: 'Bezeichnung',
    tags: 'Schlagworter',
    author: 'Verfasser',
    authorType: 'autor',
    date: 'Datum',
  },
  it: {
    title: 'titolo',
    body: 'contenuto',
    summary: 'riassunto',
    cover: 'copertina',
    category: 'categoria',
    categoryType: 'categoria',
    categoryName: 'nome',
    tags: 'etichette',
    author: 'autore',
    authorType: 'autore',
    date: 'data_pubblicazione',
  },
  nl: {
    title: 'titel',
    body: 'inhoud',
    summary: 'samenvatting',
    cover: 'afbeelding',
    category: 'categorie',
    categoryType: 'categorie',
    categoryName: 'naam',
    tags: 'trefwoorden',
    author: 'auteur',
    authorType: 'auteur',
    date: 'publicatiedatum',
  },
  pl: {
    title: 'tytul',
    body: 'tresc',
    summary: 'zajawka',
    cover: 'okladka',
    category: 'kategoria',
    categoryType: 'kategoria',
    categoryName: 'nazwa',
    tags: 'tagi',
    author: 'autor',
    authorType: 'autor',
    date: 'data_publikacji',
  },
  cs: {
    title: 'nazev',
    body: 'obsah',
    summary: 'perex',
    cover: 'obrazek',
    category: 'rubrika',
    categoryType: 'rubrika',
    categoryName: 'nazev',
    tags: 'stitky',
    author: 'autor',
    authorType: 'autor',
    date: 'datum',
  },
};

function languageSite(shape: LanguageShape) {
  const articleUid = 'api::clanek.clanek';
  const categoryUid = `api::${shape.categoryType}.${shape.categoryType}`;
  const authorUid = `api::${shape.authorType}.${shape.authorType}`;
  const attributes: Attributes = {
    [shape.title]: { type: 'string', required: true },
    slug: { type: 'uid', targetField: shape.title },
    // A rich field before the body, which detection by shape alone would take.
    anexo: { type: 'blocks' },
    [shape.body]: { type: 'richtext' },
    [shape.summary]: { type: 'text' },
    [shape.cover]: { type: 'media', multiple: false, allowedTypes: ['images'] },
    galeria: { type: 'media', multiple: false, allowedTypes: ['images'] },
    [shape.category]: { type: 'relation', relation: 'manyToOne', target: categoryUid },
    [shape.tags]: { type: 'json' },
    [shape.author]: { type: 'relation', relation: 'manyToOne', target: authorUid },
    [shape.date]: { type: 'date' },
  };
  const article = contentTypeSchema(articleUid, attributes);
  const category = contentTypeSchema(categoryUid, { [shape.categoryName]: { type: 'string' } });
  const author = contentTypeSchema(authorUid, { [shape.categoryName]: { type: 'string' } });
  return catalogOf([article, category, author]);
}

describe('target profile: names in other languages', () => {
  for (const [language, shape] of Object.entries(SHAPES)) {
    it(`maps a type with ${language} names: title, body, summary, cover, category, tags, author, date`, () => {
      const target = buildPublishTarget(
        targetSettings({ targetContentType: 'api::clanek.clanek' }),
        languageSite(shape)
      );
      assert.deepEqual(target.problems.fatal, []);
      const mapping = profileMapping(target);
      assert.deepEqual(
        [
          mapping.title,
          mapping.content,
          mapping.summary,
          mapping.cover,
          mapping.categories,
          mapping.categoryName,
          mapping.tags,
          mapping.author,
          mapping.date,
        ],
        [
          shape.title,
          shape.body,
          shape.summary,
          shape.cover,
          shape.category,
          shape.categoryName,
          shape.tags,
          shape.author,
          shape.date,
        ]
      );
      assert.equal(target.body?.body.format, 'markdown');
    });
  }

  it('compares names without accents, case or separators, and keeps every language in one table', () => {
    assert.equal(normalizedName('Título'), 'titulo');
    assert.equal(normalizedName('Treść'), 'tresc');
    assert.equal(normalizedName('Überschrift'), 'uberschrift');
    assert.equal(normalizedName('Okładka'), 'okladka');
    assert.equal(normalizedName('Název'), 'nazev');
    assert.equal(normalizedName('mots-clés'), 'motscles');
    assert.deepEqual(Object.keys(NAMES_BY_LANGUAGE).sort(), [
      'cs',
      'de',
      'es',
      'fr',
      'it',
      'nl',
      'pl',
      'pt',
      'tr',
      'vi',
    ]);
    for (const [language, row] of Object.entries(NAMES_BY_LANGUAGE)) {
      for (const [role, names] of Object.entries(row)) {
        for (const name of names) assert.equal(normalizedName(name), name, `${language}.${role}: ${name}`);
      }
      // Each language's names are in the role lists detection reads, after the English ones.
      for (const name of row.title) assert.ok((ROLE_NAMES.title as readonly string[]).includes(name), name);
      for (const name of row.summary)
        assert.ok((ROLE_NAMES.summary as readonly string[]).includes(name), name);
    }
    assert.equal(ROLE_NAMES.title[0], 'title', 'English first');
  });

  it('finds accented attribute names too (a field written Título)', () => {
    const schema: ContentTypeSchema = contentTypeSchema('api::nota.nota', {
      Título: { type: 'string', required: true },
      Conteúdo: { type: 'blocks' },
      Descrição: { type: 'text' },
    });
    const target = buildPublishTarget(
      targetSettings({ targetContentType: 'api::nota.nota' }),
      catalogOf([schema])
    );
    const mapping = profileMapping(target);
    assert.deepEqual([mapping.title, mapping.content, mapping.summary], ['Título', 'Conteúdo', 'Descrição']);
  });
});
