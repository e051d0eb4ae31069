import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { zonePlan } from '../src/body/zone-kinds';
import { layoutZone, MAX_ZONE_COMPONENTS, type ZoneLayoutOptions } from '../src/body/zone-layout';
import type { ComponentSchema } from '../src/target-profile/schema';
import { catalogOf } from './helpers/zone-shapes';

/** A zone of sections: a text component whose title is required, a figure whose caption is required. */
const SECTION_COMPONENTS: ComponentSchema[] = [
  {
    uid: 'sections.text',
    attributes: {
      titulo: { type: 'string', required: true, maxLength: 40 },
      content: { type: 'richtext', required: true },
    },
  },
  {
    uid: 'sections.figure',
    attributes: {
      image: { type: 'media', multiple: false, required: true, allowedTypes: ['images'] },
      legenda: { type: 'string', required: true },
    },
  },
];

const library: ZoneLayoutOptions = {
  image: (src) => (src.startsWith('https://cms.example/') ? { id: Number(src.split('/').pop()) } : undefined),
};

const planOfSections = () => {
  const { plan, warnings } = zonePlan(
    SECTION_COMPONENTS.map((component) => component.uid),
    catalogOf(SECTION_COMPONENTS)
  );
  assert.deepEqual(warnings, []);
  assert.ok(plan);
  return plan;
};

describe('dynamic zones: sections whose title is required', () => {
  it('uses a text component with a required title (any language) and a figure with a required caption (legenda)', () => {
    const plan = planOfSections();
    assert.deepEqual(plan.text, {
      uid: 'sections.text',
      field: 'content',
      format: 'markdown',
      title: { name: 'titulo', required: true, maxLength: 40 },
    });
    assert.deepEqual(plan.media?.caption, { name: 'legenda', required: true, maxLength: 255 });
  });

  it("writes one text component per section, its h2 as the title; text after an image keeps its section's title", () => {
    const html = [
      '<p>Opening words of the article, before any heading.</p>',
      '<h2>Choosing the length</h2><p>Measure first.</p>',
      '<p><img src="https://cms.example/11" alt="A tape measure on a lawn"></p>',
      '<p>Then add ten percent.</p>',
      '<h2>A heading far too long for the forty characters the title takes</h2><p>Care.</p>',
      '<h2>Only a picture</h2>',
      '<figure><img src="https://cms.example/12" alt="Reel"><figcaption>A reel</figcaption></figure>',
    ].join('');
    const { components, warnings } = layoutZone(html, planOfSections(), library);
    assert.deepEqual(components, [
      {
        __component: 'sections.text',
        titulo: 'Opening words of the article, before any',
        content: 'Opening words of the article, before any heading.',
      },
      { __component: 'sections.text', titulo: 'Choosing the length', content: 'Measure first.' },
      { __component: 'sections.figure', image: 11, legenda: 'A tape measure on a lawn' },
      { __component: 'sections.text', titulo: 'Choosing the length', content: 'Then add ten percent.' },
      { __component: 'sections.text', titulo: 'A heading far too long for the forty', content: 'Care.' },
      { __component: 'sections.text', titulo: 'Only a picture', content: '## Only a picture' },
      { __component: 'sections.figure', image: 12, legenda: 'A reel' },
    ]);
    assert.deepEqual(warnings, [
      'The text before the first heading has no heading for the required field "titulo" of "sections.text": its opening words are its title.',
      'The heading "A heading far too long for the forty characters the title ta…" is longer than the field "titulo" of "sections.text" takes (40); it was shortened there.',
    ]);
  });

  it('keeps whole runs (headings inside the text) when the title is optional, as before', () => {
    const optional: ComponentSchema[] = [
      { uid: 'sections.text', attributes: { title: { type: 'string' }, content: { type: 'richtext' } } },
    ];
    const { plan } = zonePlan(['sections.text'], catalogOf(optional));
    assert.ok(plan);
    const { components } = layoutZone('<h2>A</h2><p>One.</p><h2>B</h2><p>Two.</p>', plan, library);
    assert.deepEqual(components, [{ __component: 'sections.text', content: '## A\n\nOne.\n\n## B\n\nTwo.' }]);
  });

  it(`past ${MAX_ZONE_COMPONENTS} components, later sections stay in the last one, their headings in its text`, () => {
    const html = Array.from({ length: 140 }, (_, i) => `<h2>Part ${i}</h2><p>Text ${i}.</p>`).join('');
    const { components, warnings } = layoutZone(html, planOfSections(), library);
    assert.ok(components.length <= MAX_ZONE_COMPONENTS && components.length >= MAX_ZONE_COMPONENTS - 1);
    const last = components[components.length - 1];
    const lastTitled = components.length - 1;
    assert.equal(last.titulo, `Part ${lastTitled}`);
    assert.match(last.content as string, new RegExp(`^Text ${lastTitled}\\.\n\n## Part ${lastTitled + 1}\n`));
    assert.match(last.content as string, /## Part 139\n\nText 139\.$/);
    assert.equal(warnings.filter((w) => w.includes('zone components')).length, 1);
  });
});
