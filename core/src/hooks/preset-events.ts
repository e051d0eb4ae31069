import type { z } from 'zod';
import { PRESET_OPTIONS, type PresetName } from './endpoints';

/**
 * What each preset does with each event its service sends, declared once: the docs page of each preset
 * (docs/hooks/<preset>.md) states the same in its Events table, and a unit test compares them
 * (core/test/hooks-docs.test.ts) so the page cannot drift from the receiver.
 */
export type EventEffect = 'publish' | 'unpublish' | 'delete' | 'nothing';

/** The effect's words in the pages' tables (the test compares them verbatim). */
export const EVENT_EFFECTS: Record<EventEffect, string> = {
  publish:
    "publishes or updates the article; its status is the payload's, else the `status` option, else the site's default",
  unpublish: 'unpublishes the post it names (back to a draft)',
  delete: 'unpublishes the post it names, or deletes it when `onDelete` is `"delete"`',
  nothing: 'answers 200 and writes nothing',
};

/** An event name as the service sends it, or `(every delivery)` / `(any other)` for the rest. */
export type PresetEvent = readonly [event: string, effect: EventEffect];

const EVERY_DELIVERY = (): PresetEvent[] => [['(every delivery)', 'publish']];
const ONE_EVENT = (event: string): PresetEvent[] => [
  [event, 'publish'],
  ['(any other)', 'nothing'],
];

export const PRESET_EVENTS: Record<PresetName, readonly PresetEvent[]> = {
  contract: ONE_EVENT('article.published'),
  outrank: [
    ['publish_articles', 'publish'],
    ['update_article', 'publish'],
    ['(any other)', 'nothing'],
  ],
  blogseo: EVERY_DELIVERY(),
  seocraftai: [
    ['publish', 'publish'],
    ['test', 'nothing'],
    ['(any other)', 'nothing'],
  ],
  seoladders: EVERY_DELIVERY(),
  rankpill: [
    ['test: true', 'nothing'],
    ['(every other delivery)', 'publish'],
  ],
  ranksector: ONE_EVENT('content_publish'),
  getmywebrank: EVERY_DELIVERY(),
  citeflow: ONE_EVENT('article.published'),
  babylovegrowth: EVERY_DELIVERY(),
  arvow: EVERY_DELIVERY(),
  journalist: EVERY_DELIVERY(),
  seogrove: [
    ['content.published', 'publish'],
    ['tool.published', 'publish'],
    ['content.deleted', 'delete'],
    ['tool.deleted', 'delete'],
    ['ping', 'nothing'],
    ['(any other)', 'nothing'],
  ],
  ranket: ONE_EVENT('article.published'),
  earlyseo: ONE_EVENT('article.published'),
  custom: [
    ['(the names in testEvents)', 'nothing'],
    ['(the names in unpublishEvents)', 'unpublish'],
    ['(the names in deleteEvents)', 'delete'],
    ['(any other)', 'publish'],
  ],
};

/** The events of a preset with this effect (named events only). */
export function eventsDoing(preset: PresetName, effect: EventEffect): string[] {
  return PRESET_EVENTS[preset]
    .filter(([event, does]) => does === effect && !event.startsWith('('))
    .map(([event]) => event);
}

/** The options a preset reads: its options schema's keys (`status` for every preset). */
export function presetOptionNames(preset: PresetName): string[] {
  const schema = PRESET_OPTIONS[preset] as z.ZodType & { shape?: Record<string, unknown> };
  return Object.keys(schema.shape ?? {});
}
