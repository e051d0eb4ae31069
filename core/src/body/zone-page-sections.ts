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
