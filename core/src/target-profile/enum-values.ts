import type { PostStatus } from '../config';
import { normalizedName } from './role-names';

/**
 * Which value of a required enumeration fits every article, when nothing in the article chooses one.
 * The rule (issue #61): a value is written only when it cannot be a wrong choice.
 * - The enumeration's only value.
 * - Its one neutral value: a value named like "all", "everyone", "default", "general", "standard",
 *   "normal" or "none" (in the languages of the name table: `Alle`, `todos`, `genel`, ...) says
 *   nothing about one article, so any article takes it. Two of them are a choice: no value fits.
 * - An enumeration of publication states (a value for "published" and one for "draft"): the value
 *   naming the article's own status (a scheduled article: "scheduled", else "draft").
 * Anything else ("news", "feature", "opinion") is the owner's choice: a `defaults` entry.
 */
export type EnumFit = { kind: 'value'; value: string } | { kind: 'status' } | { kind: 'none' };

const NEUTRAL_VALUES = new Set([
  'all',
  'everyone',
  'everybody',
  'default',
  'general',
  'generic',
  'standard',
  'normal',
  'none',
  // pt, es, fr, de, it, nl, pl, cs, tr, vi
  'todos',
  'todas',
  'geral',
  'padrao',
  'predeterminado',
  'ninguno',
  'nenhum',
  'tous',
  'toutes',
  'defaut',
  'aucun',
  'alle',
  'allgemein',
  'keine',
  'tutti',
  'predefinito',
  'generale',
  'nessuno',
  'iedereen',
  'algemeen',
  'geen',
  'wszyscy',
  'domyslny',
  'ogolny',
  'brak',
  'vsichni',
  'vychozi',
  'obecny',
  'zadny',
  'herkes',
  'hepsi',
  'varsayilan',
  'genel',
  'hicbiri',
  'tatca',
  'macdinh',
  'chung',
]);

const PUBLISHED_VALUES = new Set([
  'published',
  'publish',
  'live',
  'online',
  'publicado',
  'publie',
  'veroeffentlicht',
  'veroffentlicht',
  'pubblicato',
  'gepubliceerd',
  'opublikowany',
  'publikovano',
  'yayinda',
  'yayinlandi',
  'daxuatban',
]);

const DRAFT_VALUES = new Set([
  'draft',
  'rascunho',
  'borrador',
  'brouillon',
  'entwurf',
  'bozza',
  'concept',
  'szkic',
  'koncept',
  'taslak',
  'bannhap',
  'nhap',
]);

const SCHEDULED_VALUES = new Set([
  'scheduled',
  'agendado',
  'programado',
  'programme',
  'geplant',
  'programmato',
  'gepland',
  'zaplanowany',
  'naplanovano',
  'zamanlanmis',
  'lenlich',
]);

const valueIn = (values: readonly string[], words: ReadonlySet<string>) =>
  values.find((value) => words.has(normalizedName(value)));

/** Which value of these fits every article, if any (see EnumFit). */
export function enumFit(values: readonly string[]): EnumFit {
  if (values.length === 1) return { kind: 'value', value: values[0] };
  const neutral = values.filter((value) => NEUTRAL_VALUES.has(normalizedName(value)));
  if (neutral.length === 1) return { kind: 'value', value: neutral[0] };
  if (valueIn(values, PUBLISHED_VALUES) && valueIn(values, DRAFT_VALUES)) return { kind: 'status' };
  return { kind: 'none' };
}

/** The value of a publication-state enumeration that names the article's status. */
export function statusValue(values: readonly string[], status: PostStatus): string | undefined {
  if (status === 'publish') return valueIn(values, PUBLISHED_VALUES);
  if (status === 'future') return valueIn(values, SCHEDULED_VALUES) ?? valueIn(values, DRAFT_VALUES);
  return valueIn(values, DRAFT_VALUES);
}
