import { arvowDialect } from './arvow';

/** Journalist AI sends Arvow's contract unchanged (docs.tryjournalist.com/docs/webhooks). */
export const journalistPreset = arvowDialect('journalist');
