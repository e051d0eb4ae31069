import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectBodyFormat, findBodyField } from '../src/body/body-field';
import { buildPublishTarget } from '../src/publish-target';
import { planCategoryValues } from '../src/target-profile/category-values';
import { detectTargetProfile } from '../src/target-profile/detect';
import { planValues } from '../src/target-profile/plan-values';
import { profileMapping } from '../src/target-profile/profile';
import { categoryType } from '../src/target-profile/related-types';
import { defaultsLine } from '../src/target-profile/required-fields';
import type { Attributes, ComponentSchema } from '../src/target-profile/schema';
import {
  bodyByName,
  catalogOf,
  contentTypeSchema,
  sampleArticle,
  targetSettings,
} from './helpers/target-shapes';

const NOW = new Date('2026-02-03T04:05:06.000Z');
const META_DESCRIPTION =
  'A short guide to watering succulents at home: how often, how much, and the signs of too much water.';

/** An article type with these attributes besides a title, slug and Markdown body. */
function articleWith(attributes: Attributes, components: ComponentSchema[] = []) {
  const schema = contentTypeSchema('api::article.article', {
    title: { type: 'string', required: true },
    slug: { type: 'uid', targetField: 'title' },
    content: { type: 'richtext' },
    ...attributes,
  });
  return { schema, catalog: catalogOf([schema], components) };
}

function profileOf(shape: ReturnType<typeof articleWith>, defaults: Record<string, unknown> = {}) {
  return detectTargetProfile(shape.schema, shape.catalog, { detectBody: bodyByName, defaults });
}

describe('target profile: every required field gets a value or a reason', () => {
  it('a required date or datetime without a date-like name is the publication date; a republish keeps it', () => {
    const profile = profileOf(articleWith({ addedAt: { type: 'datetime', required: true } }));
    assert.equal(profileMapping(profile).date, 'addedAt');
    assert.deepEqual(profile.problems.fatal, []);
    assert.equal(
      planValues(profile, { article: sampleArticle(), now: NOW }).values.addedAt,
      NOW.toISOString()
    );
    const republish = planValues(profile, {
      article: sampleArticle(),
      existing: { addedAt: '2020-01-01T00:00:00.000Z' },
      now: NOW,
    });
    assert.equal(republish.values.addedAt, undefined);
    // Beside a date found by name, another required date gets the publication time too.
    const two = profileOf(
      articleWith({ publishedDate: { type: 'date' }, validFrom: { type: 'date', required: true } })
    );
    assert.equal(profileMapping(two).date, 'publishedDate');
    assert.deepEqual(
      two.fills.map(({ field, source }) => [field, source]),
      [['validFrom', 'publicationDate']]
    );
    assert.equal(planValues(two, { article: sampleArticle(), now: NOW }).values.validFrom, '2026-02-03');
  });

  it('a second required summary-like text gets the summary too, fitted to its own limit', () => {
    const profile = profileOf(
      articleWith({
        intro: { type: 'text', required: true },
        teaser: { type: 'string', required: true, maxLength: 60 },
      })
    );
    assert.equal(profileMapping(profile).summary, 'intro');
    assert.deepEqual(profile.problems.fatal, []);
    const plan = planValues(profile, { article: sampleArticle(), now: NOW });
    assert.equal(plan.values.intro, META_DESCRIPTION);
    assert.equal(plan.values.teaser, 'A short guide to watering succulents at home: how often, how');
    assert.ok(plan.warnings.some((warning) => /teaser was \d+ characters/.test(warning)));
    // Without a meta description, the first paragraph.
    const withoutMeta = planValues(profile, {
      article: sampleArticle({ metaDescription: undefined }),
      now: NOW,
    });
    assert.equal(withoutMeta.values.teaser, 'Succulents need little water & lots of light.');
  });

  it('a required long text with no summary-like name is the summary by position', () => {
    const profile = profileOf(articleWith({ standfirstCopy: { type: 'text', required: true } }));
    assert.equal(profileMapping(profile).summary, 'standfirstCopy');
  });

  it('a required Blocks or rich-text summary gets the summary in that format', () => {
    const blocks = profileOf(articleWith({ summary: { type: 'blocks', required: true } }));
    assert.equal(profileMapping(blocks).summary, 'summary');
    assert.deepEqual(planValues(blocks, { article: sampleArticle(), now: NOW }).values.summary, [
      { type: 'paragraph', children: [{ type: 'text', text: META_DESCRIPTION }] },
    ]);
    const markdown = profileOf(articleWith({ excerpt: { type: 'richtext', required: true } }));
    const starred = sampleArticle({ metaDescription: 'Water *little*, light [lots] & <often>.' });
    assert.equal(
      planValues(markdown, { article: starred, now: NOW }).values.excerpt,
      'Water \\*little\\*, light \\[lots\\] & \\<often\\>.'
    );
    const html = profileOf(articleWith({ description_html: { type: 'richtext', required: true } }, []));
    assert.equal(
      planValues(html, { article: starred, now: NOW }).values.description_html,
      '<p>Water *little*, light [lots] &amp; &lt;often&gt;.</p>'
    );
    // A second required rich text takes the summary in its own format as well.
    const second = profileOf(
      articleWith({ description: { type: 'text' }, lead_blocks: { type: 'blocks', required: true } })
    );
    assert.deepEqual(
      second.fills.map(({ field, source }) => [field, source]),
      [['lead_blocks', 'summary']]
    );
  });

  it('a required enumeration no value of which fits every article is refused, naming its values and the defaults line; a defaults entry chooses', () => {
    const shape = articleWith({ kind: { type: 'enumeration', enum: ['news', 'feature'], required: true } });
    const profile = profileOf(shape);
    assert.deepEqual(profile.problems.fatal, [
      'required field "kind" takes one of "news", "feature", and none of them fits every article (nothing in an article chooses one), it has no default, and the defaults option gives it no value.',
    ]);
    assert.equal(defaultsLine(profile.suggestedDefaults), 'defaults: { kind: "news" }');
    const chosen = profileOf(shape, { kind: 'feature' });
    assert.deepEqual(chosen.fills, []);
    assert.deepEqual(chosen.problems.fatal, []);
    assert.equal(planValues(chosen, { article: sampleArticle(), now: NOW }).values.kind, 'feature');
  });

  it('a required enumeration gets its only value, or its one neutral value (all, default, general, none, in any language)', () => {
    const cases: Array<[string[], string]> = [
      [['article'], 'article'],
      [['beginners', 'All', 'experts'], 'All'],
      [['Einsteiger', 'Alle', 'Profis'], 'Alle'],
      [['wide', 'standard', 'narrow'], 'standard'],
      [['low', 'normal', 'high'], 'normal'],
      [['none', 'new', 'hot'], 'none'],
      [['başlangıç', 'Genel'], 'Genel'],
      [['Tất cả', 'chuyên gia'], 'Tất cả'],
    ];
    for (const [values, expected] of cases) {
      const profile = profileOf(
        articleWith({ level: { type: 'enumeration', enum: values, required: true } })
      );
      assert.deepEqual(profile.problems.fatal, [], values.join());
      assert.ok(
        profile.problems.degraded.some((problem) =>
          problem.startsWith(
            `required field "level" gets "${expected}", the one value that fits every article`
          )
        ),
        profile.problems.degraded.join('\n')
      );
      assert.equal(planValues(profile, { article: sampleArticle(), now: NOW }).values.level, expected);
    }
    // Two neutral values are a choice: refused.
    const two = profileOf(
      articleWith({ audience: { type: 'enumeration', enum: ['all', 'none', 'members'], required: true } })
    );
    assert.equal(two.problems.fatal.length, 1);
    assert.match(two.problems.fatal[0], /"audience" takes one of "all", "none", "members"/);
  });

  it('a required enumeration of publication states gets the value naming the article status', () => {
    const profile = profileOf(
      articleWith({
        state: { type: 'enumeration', enum: ['Draft', 'Scheduled', 'Published', 'Archived'], required: true },
      })
    );
    assert.deepEqual(profile.problems.fatal, []);
    assert.deepEqual(
      profile.fills.map(({ field, source }) => [field, source]),
      [['state', 'statusValue']]
    );
    const valueFor = (status: 'publish' | 'draft' | 'future' | 'pending') =>
      planValues(profile, { article: sampleArticle({ status }), now: NOW }).values.state;
    assert.equal(valueFor('publish'), 'Published');
    assert.equal(valueFor('draft'), 'Draft');
    assert.equal(valueFor('pending'), 'Draft');
    // A German one without a scheduled state: a scheduled article waits as a draft.
    const german = profileOf(
      articleWith({ Status: { type: 'enumeration', enum: ['Entwurf', 'Veröffentlicht'], required: true } })
    );
    assert.equal(
      planValues(german, { article: sampleArticle({ status: 'publish' }), now: NOW }).values.Status,
      'Veröffentlicht'
    );
    // Published without a draft value is no publication state: a choice for the owner.
    const liveOnly = profileOf(
      articleWith({ state: { type: 'enumeration', enum: ['published', 'archived'], required: true } })
    );
    assert.equal(liveOnly.problems.fatal.length, 1);
  });

  it('a required string with a pattern is left to defaults: fatal, naming the pattern and the line to add', () => {
    const shape = articleWith({
      referenceCode: { type: 'string', required: true, regex: '^[A-Z]{2}-\\d{4}$' },
    });
    const profile = profileOf(shape);
    assert.deepEqual(profile.problems.fatal, [
      'required field "referenceCode" must match /^[A-Z]{2}-\\d{4}$/: no part of the article fits that pattern, it has no default, and the defaults option gives it no value.',
    ]);
    assert.equal(defaultsLine(profile.suggestedDefaults), 'defaults: { referenceCode: "..." }');
    assert.deepEqual(profileOf(shape, { referenceCode: 'AB-1234' }).problems.fatal, []);
    // Other kinds get a placeholder of their own kind; a code-named string is never given prose.
    const more = profileOf(
      articleWith({
        language: { type: 'string', required: true },
        priority: { type: 'integer', required: true },
      })
    );
    assert.equal(more.problems.fatal.length, 2);
    assert.equal(defaultsLine(more.suggestedDefaults), 'defaults: { language: "...", priority: 0 }');
  });

  it('a required colour gets a colour within its pattern, never a sentence', () => {
    const profile = profileOf(
      articleWith({ hexColor: { type: 'string', required: true, regex: '^#[0-9A-F]{6}$' } })
    );
    assert.deepEqual(profile.problems.fatal, []);
    const colour = planValues(profile, { article: sampleArticle(), now: NOW }).values.hexColor;
    assert.match(String(colour), /^#[0-9A-F]{6}$/);
    // A pattern no colour matches is left to defaults.
    const odd = profileOf(articleWith({ color: { type: 'string', required: true, regex: '^(red|blue)$' } }));
    assert.equal(defaultsLine(odd.suggestedDefaults), 'defaults: { color: "#..." }');
  });

  it("the category type's required colour gets a colour made from the name; a code it cannot fill is said at detection", () => {
    const category = contentTypeSchema(
      'api::category.category',
      {
        name: { type: 'string', required: true },
        hexColor: { type: 'string', required: true, regex: '^#[0-9a-fA-F]{6}$' },
        description: { type: 'text', required: true },
      },
      { draftAndPublish: false }
    );
    const values = planCategoryValues(categoryType(category), 'Watering');
    assert.deepEqual(values.unfillable, []);
    assert.match(String(values.values.hexColor), /^#[0-9a-f]{6}$/);
    assert.equal(
      planCategoryValues(categoryType(category), 'Watering').values.hexColor,
      values.values.hexColor
    );
    assert.notEqual(
      planCategoryValues(categoryType(category), 'Pruning').values.hexColor,
      values.values.hexColor
    );
    assert.equal(values.values.description, 'Articles filed under the category "Watering" on this site.');

    const coded = contentTypeSchema('api::category.category', {
      ...category.attributes,
      code: { type: 'string', required: true },
    });
    const article = contentTypeSchema('api::article.article', {
      title: { type: 'string' },
      content: { type: 'richtext' },
      category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
    });
    const profile = detectTargetProfile(article, catalogOf([article, coded]));
    assert.ok(
      profile.problems.degraded.some((problem) =>
        /api::category\.category requires "code", which no part of an article fills/.test(problem)
      ),
      profile.problems.degraded.join('\n')
    );
    assert.deepEqual(planCategoryValues(categoryType(coded), 'Watering').unfillable, ['code']);
  });
});

describe('target profile: detection by shape', () => {
  it("the title is the uid's source when no field is named like a title, else the first required short string", () => {
    const bySource = detectTargetProfile(
      contentTypeSchema('api::x.x', {
        label2: { type: 'string' },
        label: { type: 'string' },
        permalink: { type: 'uid', targetField: 'label' },
      }),
      catalogOf([])
    );
    assert.equal(bySource.title?.field, 'label');
    const byPosition = detectTargetProfile(
      contentTypeSchema('api::x.x', {
        isbnCode: { type: 'string', required: true },
        teaser: { type: 'string', required: true },
        onderwerp: { type: 'string', required: true },
        body: { type: 'richtext' },
      }),
      catalogOf([])
    );
    assert.equal(byPosition.title?.field, 'onderwerp');
  });

  it('the body is the largest rich field, one whose name says summary last', () => {
    const schema = contentTypeSchema('api::x.x', {
      summary: { type: 'richtext' },
      short: { type: 'richtext', maxLength: 500 },
      story: { type: 'blocks' },
    });
    assert.equal(findBodyField(schema)?.name, 'story');
    // A summary-named rich field is the body only when nothing else can be.
    assert.equal(
      findBodyField(contentTypeSchema('api::x.x', { description: { type: 'richtext' } }))?.name,
      'description'
    );
    const zone = contentTypeSchema('api::x.x', {
      notes: { type: 'richtext' },
      sections: { type: 'dynamiczone', components: ['x.text'] },
      widgets: { type: 'dynamiczone', components: ['x.banner'] },
    });
    const components: ComponentSchema[] = [
      { uid: 'x.text', attributes: { text: { type: 'richtext' } } },
      { uid: 'x.banner', attributes: { image: { type: 'media' } } },
    ];
    assert.equal(findBodyField(zone, catalogOf([zone], components))?.name, 'sections');
    const noText = contentTypeSchema('api::x.x', {
      widgets: { type: 'dynamiczone', components: ['x.banner'] },
      notes: { type: 'richtext' },
    });
    assert.equal(findBodyField(noText, catalogOf([noText], components))?.name, 'notes');
  });

  it('names the choice among several single image fields when none is named like a cover', () => {
    const profile = detectTargetProfile(
      contentTypeSchema('api::x.x', {
        title: { type: 'string' },
        picture: { type: 'media', multiple: false },
        logo: { type: 'media', multiple: false },
      }),
      catalogOf([])
    );
    assert.equal(profile.featuredImage?.field, 'picture');
    assert.ok(
      profile.problems.degraded.includes(
        'Featured image -> picture (first of 2 image fields: picture, logo); set fields.cover to choose another.'
      ),
      profile.problems.degraded.join('\n')
    );
  });

  it('a rich text whose name says HTML receives HTML, and the target says so', () => {
    assert.equal(detectBodyFormat({ type: 'richtext' }, 'content_html'), 'html');
    assert.equal(detectBodyFormat({ type: 'richtext' }, 'htmlBody'), 'html');
    assert.equal(detectBodyFormat({ type: 'richtext' }, 'content'), 'markdown');
    const schema = contentTypeSchema('api::article.article', {
      title: { type: 'string' },
      content_html: { type: 'richtext' },
    });
    const target = buildPublishTarget(targetSettings(), catalogOf([schema]));
    assert.deepEqual([target.body?.field, target.body?.body.format], ['content_html', 'html']);
    assert.ok(
      target.problems.degraded.some((problem) =>
        /"content_html" .* name says HTML: it receives the article as HTML/.test(problem)
      ),
      target.problems.degraded.join('\n')
    );
    const markdown = buildPublishTarget(targetSettings({ bodyFormat: 'markdown' }), catalogOf([schema]));
    assert.equal(markdown.body?.body.format, 'markdown');
    assert.ok(!markdown.problems.degraded.some((problem) => /name says HTML/.test(problem)));
  });
});

describe('target profile: SEO variants', () => {
  const seoComponent = (attributes: Attributes): ComponentSchema => ({ uid: 'shared.seo', attributes });

  it('a focusKeyword field in the SEO component gets the focus keyword, keywords the list', () => {
    const shape = articleWith({ seo: { type: 'component', component: 'shared.seo' } }, [
      seoComponent({
        metaTitle: { type: 'string' },
        focusKeyword: { type: 'string' },
        keywords: { type: 'text' },
      }),
    ]);
    const plan = planValues(profileOf(shape), {
      article: sampleArticle(),
      keywords: ['succulents', 'Watering'],
      now: NOW,
    });
    const seo = plan.values.seo as Record<string, unknown>;
    assert.equal(seo.focusKeyword, 'succulents');
    assert.equal(seo.keywords, 'succulents, Watering, houseplants');
  });

  it('a repeatable SEO component gets one entry (the existing first one updated, the others kept)', () => {
    const shape = articleWith({ seo: { type: 'component', component: 'shared.seo', repeatable: true } }, [
      seoComponent({
        metaTitle: { type: 'string', required: true },
        metaDescription: { type: 'text' },
        keyword: { type: 'string' },
        metaImage: { type: 'media', multiple: false, allowedTypes: ['images'] },
      }),
    ]);
    const profile = profileOf(shape);
    assert.equal(profileMapping(profile).seo, 'seo');
    const plan = planValues(profile, { article: sampleArticle(), now: NOW });
    assert.deepEqual(plan.values.seo, [
      {
        metaTitle: 'How to water succulents',
        metaDescription: META_DESCRIPTION,
        keyword: 'succulents',
      },
    ]);
    assert.deepEqual(plan.featuredImagePaths, [['seo', 0, 'metaImage']]);
    assert.ok(
      plan.warnings.includes(
        'Tags and keywords: the keywords besides the focus keyword (Watering, houseplants) were not saved: the target has a focus keyword field, no keywords field and no tags field; to keep them next time, set fields.tags to a tag relation, json or text field (or give the SEO component a keywords field).'
      ),
      plan.warnings.join('\n')
    );
    const republish = planValues(profile, {
      article: sampleArticle(),
      existing: {
        seo: [
          { id: 4, metaTitle: 'Old' },
          { id: 5, metaTitle: 'Editor' },
        ],
      },
      now: NOW,
    });
    const entries = republish.values.seo as Array<Record<string, unknown>>;
    assert.deepEqual(
      [entries[0].id, entries[0].metaTitle, entries[1]],
      [4, 'How to water succulents', { id: 5 }]
    );
  });

  it('required og fields of the SEO component and a required Open Graph group of the type are filled from the same values', () => {
    const shape = articleWith(
      {
        seo: { type: 'component', component: 'shared.seo' },
        openGraph: { type: 'component', component: 'shared.open-graph', required: true },
      },
      [
        seoComponent({
          metaTitle: { type: 'string', required: true },
          ogTitle: { type: 'string', required: true, maxLength: 20 },
          ogDescription: { type: 'text', required: true },
          ogImage: { type: 'media', multiple: false, required: true },
        }),
        {
          uid: 'shared.open-graph',
          attributes: {
            ogTitle: { type: 'string', required: true },
            ogDescription: { type: 'string', required: true },
            ogType: { type: 'string', required: true },
            ogImage: { type: 'media', multiple: false },
          },
        },
      ]
    );
    const profile = profileOf(shape);
    assert.deepEqual(profile.problems.fatal, []);
    const plan = planValues(profile, { article: sampleArticle(), now: NOW });
    const seo = plan.values.seo as Record<string, unknown>;
    assert.equal(seo.ogDescription, META_DESCRIPTION);
    assert.ok(String(seo.ogTitle).length <= 20 && 'How to water succulents'.startsWith(String(seo.ogTitle)));
    assert.deepEqual(plan.values.openGraph, {
      ogTitle: 'How to water succulents',
      ogDescription: META_DESCRIPTION,
      ogType: 'article',
    });
    assert.deepEqual(plan.featuredImagePaths, [
      ['seo', 'ogImage'],
      ['openGraph', 'ogImage'],
    ]);
    // A republish writes them again, as it does the meta title.
    const republish = planValues(profile, {
      article: sampleArticle({ title: 'Watering succulents' }),
      existing: { seo: { id: 2, ogTitle: 'Old title' } },
      now: NOW,
    });
    assert.equal((republish.values.seo as Record<string, unknown>).ogTitle, 'Watering succulents');
  });
});
