import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const playgroundDir = path.join(repoRoot, 'playground');
/** Strapi's CLI, found from the playground the way `npx strapi` would. */
export const strapiBin = path.join(
  path.dirname(require.resolve('@strapi/strapi/package.json', { paths: [playgroundDir] })),
  'bin',
  'strapi.js'
);
