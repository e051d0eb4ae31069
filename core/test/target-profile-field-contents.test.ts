import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { zonePlan } from '../src/body/zone-kinds';
import { namesTextSection } from '../src/body/zone-page-sections';
import { assertValidConfig, DEFAULT_CONFIG } from '../src/config';
import { buildPublishTarget, targetReport } from '../src/publish-target';
import { planCategoryValues } from '../src/target-profile/category-values';
import { blockedPublishError } from '../src/target-profile/blocking-fields';
import { detectTargetProfile } from '../src/target-profile/detect';
import { bylineOf } from '../src/target-profile/byline';
import { planValues } from '../src/target-profile/plan-values';
import { defaultsLine } from '../src/target-profile/required-fields';
import type { Attributes, ComponentSchema } from '../src/target-profile/schema';
import {
  bodyByName,
  catalogOf,
  contentTypeSchema,
  sampleArticle,
  targetSettings,
} from './helpers/target-shapes';

/**
 * Issue #61: fields found by what they hold, and nothing put where it does not belong. Types shaped
 * like public projects' own article types (written here, not copied).
 */
const NOW = new Date('2026-05-04T10:00:00Z');

function articleWith(attributes: Attributes) {
  const schema = contentTypeSchema('api::wpis.wpis', {
    title: { type: 'string', required: true },
    slug: { type: 'uid', targetField: 'title' },
    content: { type: 'richtext' },
    ...attributes,
  });
  return { schema, catalog: catalogOf([schema]) };
}

const profileOf = (shape: ReturnType<typeof articleWith>, defaults: Record<string, unknown> = {}) =>
  detectTargetProfile(shape.schema, shape.catalog, { detectBody: bodyByName, defaults });

describe('required fields by their type (#61)', () => {
  it('a required boolean without a default is written false, its safe value; a defaults entry writes true', () => {
    const shape = articleWith({ wyrozniony: { type: 'boolean', required: true } });
    const profile = profileOf(shape);
    assert.deepEqual(profile.problems.fatal, []);
    assert.deepEqual(
      profile.fills.map(({ field, source }) => [field, source]),
      [['wyrozniony', 'booleanFalse']]
    );
    assert.ok(
      profile.problems.degraded.includes(
        'required field "wyrozniony" (yes or no) is written false, its safe value (nothing in an article sets it); to write true, add defaults: { wyrozniony: true }.'
      ),
      profile.problems.degraded.join('\n')
    );
    const plan = planValues(profile, { article: sampleArticle(), now: NOW });
    assert.equal(plan.values.wyrozniony, false);
    assert.deepEqual(plan.blockers, []);
    // A stored value is kept; a defaults entry wins.
    assert.equal(
      planValues(profile, { article: sampleArticle(), existing: { wyrozniony: true }, now: NOW }).values
        .wyrozniony,
      undefined
    );
    const chosen = profileOf(shape, { wyrozniony: true });
    assert.deepEqual(chosen.fills, []);
    assert.equal(planValues(chosen, { article: sampleArticle(), now: NOW }).values.wyrozniony, true);
  });

  it('a required string its name does not give to a part of an article (a signature) is refused, naming it and the defaults line', () => {
    const shape = articleWith({ Podpis: { type: 'string', required: true, maxLength: 200 } });
    const profile = profileOf(shape);
    assert.deepEqual(profile.fills, []);
    assert.deepEqual(profile.problems.fatal, [
      'required field "Podpis" cannot be filled: its name says no part of an article (a summary, a tagline), it has no default, and the defaults option gives it no value.',
    ]);
    assert.equal(defaultsLine(profile.suggestedDefaults), 'defaults: { Podpis: "..." }');
    // The owner's constant is what it holds, never the meta description.
    const fixed = profileOf(shape, { Podpis: 'Redakcja' });
    assert.deepEqual(fixed.problems.fatal, []);
    assert.equal(planValues(fixed, { article: sampleArticle(), now: NOW }).values.Podpis, 'Redakcja');
    // Through the whole target too: the refusal is the one ping and a publish give.
    const target = buildPublishTarget(targetSettings({ targetContentType: 'api::wpis.wpis' }), shape.catalog);
    assert.equal(target.problems.fatal.length, 1);
    assert.match(target.problems.fatal[0], /"Podpis" cannot be filled/);
  });

  it('a tagline, in a word of its name, still gets the meta description or the excerpt', () => {
    for (const name of ['hero_tagline', 'Untertitel', 'podtytul']) {
      const profile = profileOf(articleWith({ [name]: { type: 'string', required: true, maxLength: 160 } }));
      assert.deepEqual(profile.problems.fatal, [], name);
      assert.deepEqual(
        profile.fills.map(({ source }) => source),
        ['shortText'],
        name
      );
    }
  });
});

const targetOf = (uid: string, attributes: Attributes, defaults: Record<string, unknown> = {}) => {
  const schema = contentTypeSchema(uid, attributes);
  return buildPublishTarget(targetSettings({ targetContentType: uid, defaults }), catalogOf([schema]));
};

describe('roles by what a field holds, in any language (#61)', () => {
  it('a Turkish type: the title, body and summary by their names (baslik, icerik, ozet)', () => {
    const target = targetOf('api::haber.haber', {
      baslik: { type: 'string', required: true },
      slug: { type: 'uid', targetField: 'baslik' },
      ozet: { type: 'text' },
      icerik: { type: 'richtext' },
      kapak: { type: 'media', allowedTypes: ['images'] },
    });
    assert.deepEqual(target.problems.fatal, []);
    assert.deepEqual(
      [target.title?.field, target.summary?.field, target.body?.field, target.featuredImage?.field],
      ['baslik', 'ozet', 'icerik', 'kapak']
    );
  });

  it('a short_content string (255) is the summary, by a name made of "short" and a text word', () => {
    for (const name of ['short_content', 'Kurztext', 'contenido_corto', 'noi_dung_ngan']) {
      const target = targetOf('api::news.news', {
        title: { type: 'string', required: true },
        [name]: { type: 'string', maxLength: 255 },
        content: { type: 'richtext' },
      });
      assert.equal(target.summary?.field, name, name);
      assert.equal(target.body?.field, 'content', name);
    }
  });

  it('the only long text no other role takes is the summary, and the choice is shown; with two, neither is guessed', () => {
    const one = targetOf('api::yazi.yazi', {
      title: { type: 'string', required: true },
      notka: { type: 'text' },
      content: { type: 'richtext' },
    });
    assert.equal(one.summary?.field, 'notka');
    assert.deepEqual(targetReport(one).choices, [
      'Summary -> notka (the only long text field no other part of the article takes); set fields.summary to choose another.',
    ]);
    assert.equal(
      planValues(one, { article: sampleArticle({ summary: 'Water little.' }), now: NOW }).values.notka,
      'Water little.'
    );
    const two = targetOf('api::yazi.yazi', {
      title: { type: 'string', required: true },
      notka: { type: 'text' },
      uwagi: { type: 'text' },
      content: { type: 'richtext' },
    });
    assert.equal(two.summary, null);
    assert.ok(
      two.problems.degraded.includes(
        'Summary: "notka", "uwagi" could each hold it; set fields.summary to the one that does.'
      ),
      two.problems.degraded.join('\n')
    );
    // The owner's choice is taken as it is.
    const schema = contentTypeSchema('api::yazi.yazi', {
      title: { type: 'string', required: true },
      notka: { type: 'text' },
      uwagi: { type: 'text' },
      content: { type: 'richtext' },
    });
    const chosen = buildPublishTarget(
      targetSettings({ targetContentType: 'api::yazi.yazi', fields: { summary: 'uwagi' } }),
      catalogOf([schema])
    );
    assert.equal(chosen.summary?.field, 'uwagi');
  });

  it('a type whose strings are all optional takes the title from the only plain string, else the first, said as a choice', () => {
    const one = targetOf('api::bai-viet.bai-viet', {
      ten_bai: { type: 'string' },
      link_anh: { type: 'string' },
      noi_dung: { type: 'richtext' },
    });
    assert.deepEqual(one.problems.fatal, []);
    assert.equal(one.title?.field, 'ten_bai');
    assert.equal(one.body?.field, 'noi_dung');
    assert.deepEqual(targetReport(one).choices, [
      'Title -> ten_bai (the only plain string field); set fields.title to choose another.',
    ]);
    // Vietnamese names are known: tieu_de is the title, mo_ta the summary.
    const named = targetOf('api::bai-viet.bai-viet', {
      tieu_de: { type: 'string' },
      mo_ta: { type: 'string' },
      noi_dung: { type: 'richtext' },
    });
    assert.deepEqual([named.title?.field, named.summary?.field], ['tieu_de', 'mo_ta']);
    const two = targetOf('api::bai-viet.bai-viet', {
      ten_bai: { type: 'string' },
      nguon: { type: 'string' },
      noi_dung: { type: 'richtext' },
    });
    assert.equal(two.title?.field, 'ten_bai');
    assert.ok(
      two.problems.degraded.includes(
        'Title -> ten_bai (first of 2 plain string fields: ten_bai, nguon); set fields.title to choose another.'
      ),
      two.problems.degraded.join('\n')
    );
  });
});

describe('a German type with a required text body and a required category enumeration (#61)', () => {
  const meldung = {
    Titel: { type: 'string', required: true },
    slug: { type: 'uid', targetField: 'Titel' },
    Nachricht: { type: 'text', required: true },
    Kategorie: { type: 'enumeration', enum: ['Verein', 'Jugend', 'Termine'], required: true },
  } satisfies Attributes;

  it('the body is its only long text; the refusal names the category enumeration, never a missing body', () => {
    const target = targetOf('api::meldung.meldung', meldung);
    assert.deepEqual(target.problems.fatal, []);
    assert.equal(target.body?.field, 'Nachricht');
    assert.equal(target.body?.body.format, 'html');
    assert.deepEqual(targetReport(target).choices, [
      'Body -> Nachricht (the only long text field); set fields.content to choose another.',
    ]);
    const plan = planValues(target, { article: sampleArticle(), now: NOW });
    assert.deepEqual(
      plan.blockers.map(({ field }) => field),
      ['Kategorie']
    );
    const refusal = blockedPublishError(plan.blockers);
    assert.match(
      refusal.message,
      /required field "Kategorie" takes the article's category only when it is one of its values \(Verein, Jugend, Termine\)/
    );
    assert.doesNotMatch(refusal.message, /body/);
    // A category the enumeration allows is published whole.
    const fits = planValues(target, {
      article: sampleArticle({ categories: { kind: 'names', category: 'Jugend', subCategory: undefined } }),
      now: NOW,
    });
    assert.deepEqual(fits.blockers, []);
    assert.equal(fits.values.Kategorie, 'Jugend');
  });

  it('with two long texts the refusal names both for fields.content instead of guessing', () => {
    const target = targetOf('api::meldung.meldung', { ...meldung, Anmerkungen: { type: 'text' } });
    assert.equal(target.body, null);
    assert.deepEqual(target.problems.fatal, [
      'The content type api::meldung.meldung has no field that can hold the article body (rich text, blocks, dynamic zone, text). Its long text fields "Nachricht", "Anmerkungen" could each hold the body: set fields.content to the one that does.',
    ]);
  });
});

describe('an author for every article (#61)', () => {
  const story = (attributes: Attributes) =>
    contentTypeSchema('api::story.story', {
      title: { type: 'string', required: true },
      content: { type: 'richtext' },
      ...attributes,
    });
  const targetWith = (attributes: Attributes, authorName?: string) =>
    buildPublishTarget(
      targetSettings({ targetContentType: 'api::story.story', ...(authorName ? { authorName } : {}) }),
      catalogOf([story(attributes)])
    );

  it('a required free-text author receives the author name (the setting, else the site name), in any language', () => {
    for (const field of ['author', 'yazar', 'autor', 'author_name', 'tac_gia']) {
      const target = targetWith({ [field]: { type: 'string', required: true } }, 'Garden Weekly');
      assert.deepEqual(target.problems.fatal, [], field);
      assert.deepEqual(
        target.fills.map(({ source }) => source),
        ['author'],
        field
      );
      const plan = planValues(target, { article: sampleArticle(), now: NOW });
      assert.equal(plan.values[field], 'Garden Weekly', field);
      assert.deepEqual(plan.blockers, []);
    }
    const target = targetWith({ author: { type: 'string', required: true } }, 'Garden Weekly');
    assert.ok(
      target.problems.degraded.includes(
        'required field "author" receives the article\'s author: the application password\'s user on the WordPress door, the token\'s owner on MCP, else "Garden Weekly" (the authorName setting, else the site\'s name); to give it another, set authorName or add defaults: { author: "..." }.'
      ),
      target.problems.degraded.join('\n')
    );
    // The person a door publishes for comes first; an e-mail address (a nameless admin's login) is no byline.
    const byAda = sampleArticle({ authorName: bylineOf(' Ada Lovelace ') });
    assert.equal(planValues(target, { article: byAda, now: NOW }).values.author, 'Ada Lovelace');
    assert.equal(byAda.contentHash, sampleArticle().contentHash);
    assert.equal(bylineOf('ada@example.com'), undefined);
    assert.equal(bylineOf('  '), undefined);
    // A stored author is kept on a republish.
    assert.equal(
      planValues(target, { article: sampleArticle(), existing: { author: 'Ana' }, now: NOW }).values.author,
      undefined
    );
  });

  it('without an author name the refusal says so; an author e-mail is a code, never a name', () => {
    const nameless = targetWith({ author: { type: 'string', required: true } });
    assert.deepEqual(nameless.problems.fatal, [
      'required field "author" takes the article\'s author, and no author name is set, it has no default, and the defaults option gives it no value.',
    ]);
    const email = targetWith({ author_email: { type: 'string', required: true } }, 'Garden Weekly');
    assert.deepEqual(email.fills, []);
    assert.equal(email.problems.fatal.length, 1);
  });
});

describe('defaults for new categories (#61)', () => {
  const category = contentTypeSchema('api::rubrik.rubrik', {
    name: { type: 'string', required: true },
    slug: { type: 'uid', targetField: 'name' },
    bild: { type: 'media', multiple: false, allowedTypes: ['images'], required: true },
    galerie: { type: 'media', multiple: true, required: true },
    farbe_code: { type: 'string', required: true },
  });
  const story = contentTypeSchema('api::beitrag.beitrag', {
    title: { type: 'string', required: true },
    content: { type: 'richtext' },
    rubriken: { type: 'relation', relation: 'manyToMany', target: 'api::rubrik.rubrik' },
  });
  const targetWith = (categoryDefaults?: Record<string, unknown>) =>
    buildPublishTarget(
      targetSettings({
        targetContentType: 'api::beitrag.beitrag',
        ...(categoryDefaults ? { categoryDefaults } : {}),
      }),
      catalogOf([story, category])
    );
  const typeOf = (target: ReturnType<typeof targetWith>) => {
    assert.equal(target.categories?.kind, 'relation');
    return (target.categories as Extract<NonNullable<typeof target.categories>, { kind: 'relation' }>).type;
  };

  it('a category type requiring an image: without categoryDefaults no category is created; with a file id each new one gets it', () => {
    const without = targetWith();
    assert.ok(
      without.problems.degraded.includes(
        'The category type api::rubrik.rubrik requires "bild", "galerie", "farbe_code", which no part of an article fills: a category that does not exist yet is not created (an existing one is linked).'
      ),
      without.problems.degraded.join('\n')
    );
    assert.deepEqual(planCategoryValues(typeOf(without), 'Garten').unfillable, [
      'bild',
      'galerie',
      'farbe_code',
    ]);

    const target = targetWith({ bild: 12, galerie: [12, 13], farbe_code: 'GR-01' });
    assert.ok(
      !target.problems.degraded.some((problem) => /requires/.test(problem)),
      target.problems.degraded.join('\n')
    );
    const planned = planCategoryValues(typeOf(target), 'Garten');
    assert.deepEqual(planned.unfillable, []);
    assert.deepEqual(planned.values, { name: 'Garten', bild: 12, galerie: [12, 13], farbe_code: 'GR-01' });
  });

  it('names every entry it cannot use: a field the category type lacks, a media value that is no file id; config keys are validated', () => {
    const target = targetWith({ bild: 'hero.jpg', galerie: 4, colour: '#fff' });
    assert.deepEqual(
      target.problems.degraded.filter((problem) => problem.startsWith('categoryDefaults')),
      [
        'categoryDefaults gives "bild" "hero.jpg", but it is a media field: give a Media Library file id (the number in the file\'s URL in the Media Library); it is ignored.',
        'categoryDefaults gives "galerie" 4, but it is a media field: give a list of Media Library file ids (the number in the file\'s URL in the Media Library); it is ignored.',
        'categoryDefaults names "colour", which is not a field of api::rubrik.rubrik; it is ignored.',
      ]
    );
    assert.deepEqual(planCategoryValues(typeOf(target), 'Garten').unfillable, [
      'bild',
      'galerie',
      'farbe_code',
    ]);
    assert.throws(
      () => assertValidConfig({ ...structuredClone(DEFAULT_CONFIG), categoryDefaults: { 'bad name': 1 } }),
      /"categoryDefaults/
    );
    assert.doesNotThrow(() =>
      assertValidConfig({ ...structuredClone(DEFAULT_CONFIG), categoryDefaults: { bild: 12 } })
    );
  });
});

describe('text only into text sections of a dynamic zone (#61)', () => {
  const sections: ComponentSchema[] = [
    { uid: 'sections.hero', attributes: { title: { type: 'string' }, description: { type: 'text' } } },
    { uid: 'sections.hiring', attributes: { title: { type: 'string' }, description: { type: 'richtext' } } },
    {
      uid: 'sections.call-to-action',
      attributes: {
        title: { type: 'string' },
        description: { type: 'text' },
        buttonLabel: { type: 'string' },
      },
    },
    // No page word in its name, and the shape of a text: still a marketing section, left alone.
    {
      uid: 'sections.feature-columns',
      attributes: { title: { type: 'string' }, description: { type: 'richtext' } },
    },
    {
      uid: 'sections.logo-strip',
      attributes: { logo: { type: 'media', allowedTypes: ['images'] }, caption: { type: 'string' } },
    },
  ];
  const richText: ComponentSchema = { uid: 'sections.rich-text', attributes: { body: { type: 'richtext' } } };
  const landing = (components: ComponentSchema[]) =>
    buildPublishTarget(
      targetSettings({ targetContentType: 'api::landing.landing' }),
      catalogOf(
        [
          contentTypeSchema('api::landing.landing', {
            title: { type: 'string', required: true },
            sections: { type: 'dynamiczone', components: components.map(({ uid }) => uid) },
          }),
        ],
        components
      )
    );

  it('marketing sections only: an honest refusal naming each section and why, nothing written into them', () => {
    const target = landing(sections);
    assert.equal(target.body, null);
    assert.equal(target.problems.fatal.length, 1);
    const [fatal] = target.problems.fatal;
    assert.match(
      fatal,
      /^The body field "sections" is a dynamic zone without a component that can hold the article text/
    );
    assert.ok(
      fatal.includes(
        'The zone\'s component "sections.feature-columns" is not used for the article text: its name says no section of text (rich text, Markdown, paragraph, quote, figure, media), so it is left alone.'
      ),
      fatal
    );
    assert.match(
      fatal,
      /"sections\.hiring" is not used for the article text: it is named like a part of a page \(hiring\)/
    );
    // The hero and the call to action hold no rich text at all: named for what they are, all the same.
    for (const [uid, word] of [
      ['sections.hero', 'hero'],
      ['sections.call-to-action', 'call to action'],
    ])
      assert.ok(
        fatal.includes(
          `The zone's component "${uid}" is not used for the article text: it is named like a part of a page (${word}), not of an article.`
        ),
        fatal
      );
  });

  it('with one rich-text section the text goes there only; the marketing sections (and their logos) are left alone', () => {
    const { plan, warnings } = zonePlan(
      [...sections, richText].map(({ uid }) => uid),
      catalogOf([], [...sections, richText])
    );
    assert.deepEqual(plan, { text: { uid: 'sections.rich-text', field: 'body', format: 'markdown' } });
    assert.ok(
      warnings.includes(
        'The zone\'s component "sections.logo-strip" is not used for images: its name says no section of text (rich text, Markdown, paragraph, quote, figure, media), so it is left alone.'
      ),
      warnings.join('\n')
    );
    // Text sections by name in any language, compounds included.
    for (const uid of [
      'blocks.textblock',
      'inhalt.absatz',
      'blog.Zitat',
      'noi-dung.doan-van',
      'shared.image-block',
    ])
      assert.ok(namesTextSection(uid), uid);
    for (const uid of ['sections.feature-columns', 'sections.pricing', 'blocks.faq'])
      assert.ok(!namesTextSection(uid), uid);
  });
});
