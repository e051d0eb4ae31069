import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const playgroundDir = path.join(repoRoot, 'playground');
/** Strapi's CLI, found from the playground the way `npx strapi` would. */
export const strapiBin = path.join(
  path.dirname(require.resolve('@strapi/strapi/package.json', { paths: [playgroundDir] })),
  'bin',
  'strapi.js'
);
/** Where the playground's local upload provider writes: the pass's own public folder when it has one. */
export const uploadsDir = path.join(
  process.env.PLAYGROUND_PUBLIC_DIR ?? path.join(playgroundDir, 'public'),
  'uploads'
);
