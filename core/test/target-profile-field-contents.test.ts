import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildPublishTarget } from '../src/publish-target';
import { detectTargetProfile } from '../src/target-profile/detect';
import { planValues } from '../src/target-profile/plan-values';
import { defaultsLine } from '../src/target-profile/required-fields';
import type { Attributes } from '../src/target-profile/schema';
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
