import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const playgroundDir = path.join(repoRoot, 'playground');
/** Where the playground's local upload provider writes: the pass's own public folder when it has one. */
export const uploadsDir = path.join(
  process.env.PLAYGROUND_PUBLIC_DIR ?? path.join(playgroundDir, 'public'),
  'uploads'
);
/** Starts the Strapi app in the working directory without its CLI (see the file). */
export const strapiLauncher = path.join(__dirname, 'strapi-start.js');
