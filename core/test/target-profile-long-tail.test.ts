import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findBodyField } from '../src/body/body-field';
import { zonePlan } from '../src/body/zone-kinds';
import { buildPublishTarget } from '../src/publish-target';
import { blockedPublishError, stillBlocking, validatesRequired } from '../src/target-profile/blocking-fields';
import { detectTargetProfile } from '../src/target-profile/detect';
import { planValues, withGalleries } from '../src/target-profile/plan-values';
import { profileMapping } from '../src/target-profile/profile';
import type { Attributes, ComponentSchema, ContentTypeSchema } from '../src/target-profile/schema';
import {
  bodyByName,
  catalogOf,
  contentTypeSchema,
  sampleArticle,
  targetSettings,
} from './helpers/target-shapes';

/**
 * Issue #47, the long tail: shapes a second round of unseen public types showed. Each either takes
 * the whole article or refuses it up front, naming every field that blocks it and only those.
 */
const NOW = new Date('2026-04-01T09:00:00Z');
const META_DESCRIPTION =
  'A short guide to watering succulents at home: how often, how much, and the signs of too much water.';
const EXCERPT = 'Water little, and only when the soil is dry.';

function articleWith(
  attributes: Attributes,
  types: ContentTypeSchema[] = [],
  components: ComponentSchema[] = []
) {
  const schema = contentTypeSchema('api::story.story', {
    title: { type: 'string', required: true },
    slug: { type: 'uid', targetField: 'title' },
    content: { type: 'richtext' },
    ...attributes,
  });
  return { schema, catalog: catalogOf([schema, ...types], components) };
}

const profileOf = (shape: ReturnType<typeof articleWith>, defaults: Record<string, unknown> = {}) =>
  detectTargetProfile(shape.schema, shape.catalog, { detectBody: bodyByName, defaults });

describe('the long tail (#47): a required short text named outside the role tables', () => {
  it('gets the meta description or the excerpt, whichever fits it whole, in any of the nine languages', () => {
    // tagline (en), frase_destaque (pt), eslogan (es), phrase_choc (fr), Unterzeile (de), motto (it),
    // slagzin (nl), haslo (pl), heslo (cs).
    const names = [
      'tagline',
      'frase_destaque',
      'eslogan',
      'phrase_choc',
      'Unterzeile',
      'motto',
      'slagzin',
      'hasło',
      'heslo',
    ];
    for (const name of names) {
      const wide = profileOf(articleWith({ [name]: { type: 'string', required: true, maxLength: 160 } }));
      assert.deepEqual(wide.problems.fatal, [], name);
      assert.deepEqual(
        wide.fills.map(({ field, source }) => [field, source]),
        [[name, 'shortText']]
      );
      assert.ok(
        wide.problems.degraded.includes(
          `required field "${name}" (a short text no part of an article is named for) gets the meta description or the excerpt, whichever fits its 160 characters; to give it a constant instead, add defaults: { ${name}: "..." }.`
        ),
        name
      );
      const article = sampleArticle({ summary: EXCERPT });
      assert.equal(planValues(wide, { article, now: NOW }).values[name], META_DESCRIPTION, name);
      // The meta description does not fit 60 characters: the excerpt does, whole.
      const narrow = profileOf(articleWith({ [name]: { type: 'string', required: true, maxLength: 60 } }));
      const plan = planValues(narrow, { article, now: NOW });
      assert.equal(plan.values[name], EXCERPT, name);
      assert.deepEqual(plan.blockers, []);
    }
  });

  it('cuts the first of them at a word when neither fits, respecting the maxLength', () => {
    const profile = profileOf(articleWith({ tagline: { type: 'string', required: true, maxLength: 30 } }));
    const plan = planValues(profile, { article: sampleArticle({ summary: EXCERPT }), now: NOW });
    assert.equal(plan.values.tagline, 'A short guide to watering');
    assert.ok(plan.warnings.includes("tagline was 99 characters; shortened to the field's limit of 30."));
    // A string without a maxLength holds Strapi's 255.
    const plain = profileOf(articleWith({ tagline: { type: 'string', required: true } }));
    assert.equal(planValues(plain, { article: sampleArticle(), now: NOW }).values.tagline, META_DESCRIPTION);
  });

  it('a code, a key, a number or a language in any of the nine languages is left to defaults, as is a field too short for a sentence', () => {
    const codes = [
      'codigo_interno',
      'clave',
      'Schlüssel',
      'numero',
      'Sprache',
      'idioma',
      'langue',
      'taal',
      'jezyk',
      'kod',
      'kennung',
    ];
    for (const name of codes) {
      const profile = profileOf(articleWith({ [name]: { type: 'string', required: true } }));
      assert.deepEqual(
        profile.problems.fatal,
        [
          `required field "${name}" cannot be filled: no part of the article goes there, it has no default, and the defaults option gives it no value.`,
        ],
        name
      );
    }
    const short = profileOf(articleWith({ badge: { type: 'string', required: true, maxLength: 12 } }));
    assert.deepEqual(short.problems.fatal, [
      'required field "badge" holds at most 12 characters, too few for a sentence of the article, it has no default, and the defaults option gives it no value.',
    ]);
    assert.deepEqual(short.suggestedDefaults, [{ field: 'badge', example: '"..."' }]);
    // A second title-named string is no short text for the summary either.
    const headline = profileOf(articleWith({ headline: { type: 'string', required: true } }));
    assert.equal(headline.problems.fatal.length, 1);
  });
});

describe('the long tail (#47): category relations with unusual names', () => {
  const subcategoria = contentTypeSchema(
    'api::sub-categoria.sub-categoria',
    {
      nome_subcategoria: { type: 'string', required: true },
      descricao: { type: 'richtext' },
    },
    { draftAndPublish: false }
  );
  const genre = contentTypeSchema(
    'api::genre.genre',
    { genre_name: { type: 'string', required: true }, about: { type: 'richtext' } },
    { draftAndPublish: false }
  );

  it('a relation named sub_categoria_* or *_genre is the categories, its type named by a name-worded field', () => {
    const pt = profileOf(
      articleWith(
        {
          sub_categoria_resenha: {
            type: 'relation',
            relation: 'manyToOne',
            target: 'api::sub-categoria.sub-categoria',
          },
        },
        [subcategoria]
      )
    );
    assert.equal(profileMapping(pt).categories, 'sub_categoria_resenha');
    assert.equal(profileMapping(pt).categoryName, 'nome_subcategoria');
    const en = profileOf(
      articleWith({ music_genre: { type: 'relation', relation: 'manyToMany', target: 'api::genre.genre' } }, [
        genre,
      ])
    );
    assert.equal(profileMapping(en).categories, 'music_genre');
    assert.equal(profileMapping(en).categoryName, 'genre_name');
    // German and Polish compounds and words: Unterkategorie, gatunek.
    for (const field of ['Unterkategorie', 'gatunek_ksiazki', 'sottocategoria', 'zanr']) {
      const profile = profileOf(
        articleWith({ [field]: { type: 'relation', relation: 'manyToOne', target: 'api::genre.genre' } }, [
          genre,
        ])
      );
      assert.equal(profileMapping(profile).categories, field, field);
    }
  });

  it('a second category-named relation is not taken as the tags by shape', () => {
    const profile = profileOf(
      articleWith(
        {
          categoria: { type: 'relation', relation: 'manyToOne', target: 'api::genre.genre' },
          sub_categorias: { type: 'relation', relation: 'manyToMany', target: 'api::genre.genre' },
        },
        [genre]
      )
    );
    assert.equal(profileMapping(profile).categories, 'categoria');
    assert.equal(profileMapping(profile).tags, null);
  });
});

describe('the long tail (#47): a zone with marketing components', () => {
  const marketing: ComponentSchema[] = [
    { uid: 'marketing.hero', attributes: { headline: { type: 'string' }, intro: { type: 'richtext' } } },
    { uid: 'marketing.hiring', attributes: { description: { type: 'richtext' } } },
    {
      uid: 'marketing.call-to-action',
      attributes: { text: { type: 'richtext' }, label: { type: 'string' } },
    },
    // No telling name, but a button: no article text.
    { uid: 'blocks.info-box', attributes: { copy: { type: 'richtext' }, buttonUrl: { type: 'string' } } },
    {
      uid: 'marketing.banner',
      attributes: { image: { type: 'media', allowedTypes: ['images'] }, title: { type: 'string' } },
    },
  ];
  const article: ComponentSchema = {
    uid: 'content.article-text',
    attributes: { heading: { type: 'string' }, text: { type: 'richtext' }, anchor: { type: 'string' } },
  };

  it('the text goes into the component whose fields look like article text, never a hero, a job offer or a call to action', () => {
    const components = [...marketing, article];
    const { plan } = zonePlan(
      components.map((component) => component.uid),
      catalogOf([], components)
    );
    assert.deepEqual(plan, {
      text: {
        uid: 'content.article-text',
        field: 'text',
        format: 'markdown',
        title: { name: 'heading', required: false, maxLength: 255 },
      },
    });
  });

  it('a zone with only marketing components cannot take the body: the refusal names each component and why', () => {
    const schema = contentTypeSchema('api::landing.landing', {
      title: { type: 'string', required: true },
      sections: { type: 'dynamiczone', components: marketing.map((component) => component.uid) },
    });
    const target = buildPublishTarget(
      targetSettings({ targetContentType: 'api::landing.landing' }),
      catalogOf([schema], marketing)
    );
    assert.equal(target.body, null);
    assert.deepEqual(target.problems.fatal, [
      [
        'The body field "sections" is a dynamic zone without a component that can hold the article text (one rich text or blocks field).',
        'The zone\'s component "marketing.hero" is not used for the article text: it is named like a part of a page (hero), not of an article.',
        'The zone\'s component "marketing.hiring" is not used for the article text: it is named like a part of a page (hiring), not of an article.',
        'The zone\'s component "marketing.call-to-action" is not used for the article text: it is named like a part of a page (call to action), not of an article.',
        'The zone\'s component "blocks.info-box" is not used for the article text: its field "buttonUrl" is no part of an article.',
        // A banner of an image and a title has no text shape at all: named all the same (issue #61).
        'The zone\'s component "marketing.banner" is not used for the article text: it is named like a part of a page (banner), not of an article.',
      ].join(' '),
    ]);
  });
});

describe('the long tail (#47): a required gallery', () => {
  const gallery = { gallery: { type: 'media', multiple: true, required: true, allowedTypes: ['images'] } };

  it("receives the article's imported images: the featured image, then the inline ones, each once", () => {
    const profile = profileOf(
      articleWith({ cover: { type: 'media', allowedTypes: ['images'] }, ...gallery })
    );
    assert.deepEqual(profile.problems.fatal, []);
    const plan = planValues(profile, { article: sampleArticle(), now: NOW });
    assert.deepEqual(plan.galleryFields, ['gallery']);
    assert.deepEqual(plan.blockers, []);
    const data: Record<string, unknown> = {};
    const warnings: string[] = [];
    const inline = [
      { id: 7, url: 'https://cms.example/uploads/a.jpg' },
      { id: 3, url: 'https://cms.example/uploads/featured.jpg' },
      { id: 9, url: 'https://cms.example/uploads/b.jpg' },
    ];
    withGalleries(data, plan, 3, inline, warnings);
    assert.deepEqual(data.gallery, [3, 7, 9]);
    // A dry run's placeholders (id 0) stay apart by their source.
    const dry: Record<string, unknown> = {};
    withGalleries(
      dry,
      plan,
      undefined,
      [
        { id: 0, url: 'a' },
        { id: 0, url: 'b' },
      ],
      warnings
    );
    assert.deepEqual(dry.gallery, [0, 0]);
    assert.deepEqual(warnings, []);
  });

  it('an article without images is refused up front, naming the gallery; a stored gallery or a draft is not', () => {
    const profile = profileOf(articleWith(gallery));
    const bare = sampleArticle({ featuredImage: undefined, html: '<p>Only words.</p>' });
    const plan = planValues(profile, { article: bare, now: NOW });
    assert.deepEqual(plan.galleryFields, []);
    assert.deepEqual(
      plan.blockers.map(({ field }) => field),
      ['gallery']
    );
    assert.deepEqual(stillBlocking(plan.blockers, { gallery: [{ id: 4 }] }), []);
    assert.equal(validatesRequired(true, 'draft'), false);
    assert.equal(validatesRequired(true, 'publish'), true);
    assert.equal(validatesRequired(true, 'future'), true);
    assert.equal(validatesRequired(false, 'draft'), true);
  });
});

describe('the long tail (#47): a required enumeration without a default', () => {
  const kategorie = {
    Kategorie: { type: 'enumeration', enum: ['Aktuelles', 'Ratgeber', 'Veranstaltungen'], required: true },
  };

  it('a schema default of null is no default: the enumeration gets its neutral value, as Strapi would otherwise refuse', () => {
    const profile = profileOf(
      articleWith({
        Zielgruppe: {
          type: 'enumeration',
          enum: ['Einsteiger', 'Alle', 'Profis'],
          required: true,
          default: null,
        },
      })
    );
    assert.deepEqual(
      profile.fills.map(({ field, source }) => [field, source]),
      [['Zielgruppe', 'enumValue']]
    );
    assert.equal(planValues(profile, { article: sampleArticle(), now: NOW }).values.Zielgruppe, 'Alle');
  });

  it('one the categories take is found in the target check, and refuses a publish whose category it does not allow', () => {
    const profile = profileOf(articleWith(kategorie));
    assert.equal(profileMapping(profile).categories, 'Kategorie');
    assert.deepEqual(profile.problems.fatal, []);
    assert.ok(
      profile.problems.degraded.includes(
        'required field "Kategorie" takes the article\'s category only when it is one of its values (Aktuelles, Ratgeber, Veranstaltungen): a published article whose category is none of them is refused before anything is written; to publish those too, add defaults: { Kategorie: "Aktuelles" }.'
      ),
      profile.problems.degraded.join('\n')
    );
    const refused = planValues(profile, { article: sampleArticle(), now: NOW });
    assert.deepEqual(refused.blockers, [
      {
        field: 'Kategorie',
        problem:
          'required field "Kategorie" takes the article\'s category only when it is one of its values (Aktuelles, Ratgeber, Veranstaltungen), and this article\'s categories ("Watering", "Gardening") are none of them; it has no default, and the defaults option gives it no value.',
        suggestion: { field: 'Kategorie', example: '"Aktuelles"' },
      },
    ]);
    const fits = sampleArticle({
      categories: { kind: 'names', category: 'ratgeber', subCategory: undefined },
    });
    const taken = planValues(profile, { article: fits, now: NOW });
    assert.equal(taken.values.Kategorie, 'Ratgeber');
    assert.deepEqual(taken.blockers, []);
    // A defaults entry gives the others a value; a stored value is kept by an update.
    const withDefault = planValues(profileOf(articleWith(kategorie), { Kategorie: 'Aktuelles' }), {
      article: sampleArticle(),
      now: NOW,
    });
    assert.equal(withDefault.values.Kategorie, 'Aktuelles');
    assert.deepEqual(withDefault.blockers, []);
    assert.deepEqual(stillBlocking(refused.blockers, { Kategorie: 'Ratgeber' }), []);
  });

  it('a German-named text body and a required enumeration: the refusal names the enumeration, not the body', () => {
    const schema = contentTypeSchema('api::bericht.bericht', {
      Titel: { type: 'string', required: true },
      Beitragstext: { type: 'text' },
      ...kategorie,
    });
    assert.equal(findBodyField(schema)?.name, 'Beitragstext');
    const target = buildPublishTarget(
      targetSettings({ targetContentType: 'api::bericht.bericht' }),
      catalogOf([schema])
    );
    assert.equal(target.body?.field, 'Beitragstext');
    assert.deepEqual(target.problems.fatal, []);
    const plan = planValues(target, { article: sampleArticle(), now: NOW });
    const error = blockedPublishError(plan.blockers);
    assert.equal(error.code, 'target_unfillable');
    assert.deepEqual(error.details.target_problems, [plan.blockers[0].problem]);
    assert.equal(error.details.suggested_defaults, 'defaults: { Kategorie: "Aktuelles" }');
    assert.doesNotMatch(error.message, /body/);
  });
});

describe('the long tail (#47): every refusal names every blocking field, and only those', () => {
  it('a gallery without images and a category enumeration that does not fit: both named, with the one defaults line that helps', () => {
    const profile = profileOf(
      articleWith({
        Kategorie: { type: 'enumeration', enum: ['Aktuelles'], required: true },
        fotos: { type: 'media', multiple: true, required: true },
        note: { type: 'string' },
      })
    );
    const plan = planValues(profile, {
      article: sampleArticle({ featuredImage: undefined, html: '<p>Only words.</p>' }),
      now: NOW,
    });
    assert.deepEqual(
      plan.blockers.map(({ field }) => field),
      ['Kategorie', 'fotos']
    );
    const error = blockedPublishError(plan.blockers);
    assert.match(
      error.message,
      /^This article cannot be published into the site's content type, nothing was written: required field "Kategorie" .* required field "fotos" \(several images\)/
    );
    assert.match(
      error.message,
      /adding to the plugin's config \(config\/plugins\): defaults: \{ Kategorie: "Aktuelles" \}\.$/
    );
    assert.equal(error.details.target_problems?.length, 2);
  });

  it('target problems name each unfillable field at once, and a zone only through the components that block its text', () => {
    const components: ComponentSchema[] = [
      {
        uid: 'shared.rich-text',
        attributes: {
          body: { type: 'richtext' },
          layout: { type: 'enumeration', enum: ['wide'], required: true },
        },
      },
      {
        uid: 'shared.photo',
        attributes: { file: { type: 'media' }, credit: { type: 'string', required: true } },
      },
    ];
    const schema = contentTypeSchema('api::page.page', {
      title: { type: 'string', required: true },
      content: { type: 'dynamiczone', components: components.map((component) => component.uid) },
      code: { type: 'string', required: true },
      priority: { type: 'integer', required: true },
    });
    const target = buildPublishTarget(
      targetSettings({ targetContentType: 'api::page.page' }),
      catalogOf([schema], components)
    );
    assert.deepEqual(target.problems.fatal, [
      'The body field "content" is a dynamic zone without a component that can hold the article text (one rich text or blocks field). The zone\'s component "shared.rich-text" is not used for the article text: its required field "layout" cannot be filled.',
      'required field "code" cannot be filled: no part of the article goes there, it has no default, and the defaults option gives it no value.',
      'required field "priority" cannot be filled: no part of the article goes there, it has no default, and the defaults option gives it no value.',
    ]);
  });
});
