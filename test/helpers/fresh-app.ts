import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { playgroundDir, repoRoot } from './paths';

/** What `npm pack` wrote: the tarball's path and the files it holds. */
export interface PackedPlugin {
  tarball: string;
  files: string[];
}

/** `npm pack` of this repository (its built dist/) into `destination`. */
export function packPlugin(destination: string): PackedPlugin {
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
  ) as { filename: string; files: { path: string }[] }[];
  return {
    tarball: path.join(destination, packed[0].filename),
    files: packed[0].files.map((file) => file.path),
  };
}

/** The playground's parts a new Strapi app would have too: its config (not the plugin entry) and a blog type. */
const APP_PARTS = [
  'config/server.js',
  'config/database.js',
  'config/admin.js',
  'config/middlewares.js',
  'config/api.js',
  'src/api/article',
  'src/api/category',
  'src/components/shared',
];

/**
 * A new Strapi app in `appDir` (outside the repository, so no parent tsconfig.json or node_modules
 * takes part), with an Article type and no trace of the plugin. Its dependencies are the plugin's peers
 * (Strapi, React, the router, styled-components), linked to the copies this repository installed rather
 * than downloaded again (~860 MB). `appEnv` is what its processes need because of those links: Strapi
 * finds installed plugins by requiring their package.json from its own folder, which is the repository's
 * here, so NODE_PATH adds the app's node_modules as Node would see it were Strapi inside the app.
 */
export function createFreshApp(appDir: string): { appEnv: Record<string, string> } {
  for (const part of APP_PARTS) {
    fs.cpSync(path.join(playgroundDir, part), path.join(appDir, part), { recursive: true });
  }
  fs.mkdirSync(path.join(appDir, 'public', 'uploads'), { recursive: true });
  const peers = Object.keys(
    (
      JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
        peerDependencies: Record<string, string>;
      }
    ).peerDependencies
  );
  const manifest = {
    name: 'fresh-strapi-app',
    private: true,
    version: '0.0.0',
    scripts: { build: 'strapi build', start: 'strapi start' },
    dependencies: Object.fromEntries(
      peers.map((name) => [
        name,
        `file:${path.dirname(require.resolve(`${name}/package.json`, { paths: [repoRoot] }))}`,
      ])
    ),
  };
  fs.writeFileSync(path.join(appDir, 'package.json'), JSON.stringify(manifest, null, 2));
  return { appEnv: { NODE_PATH: path.join(appDir, 'node_modules') } };
}

/** Runs an npm command in the app, as its owner would type it; throws with npm's output when it fails. */
export function npmIn(appDir: string, args: string[], env: Record<string, string> = {}): void {
  execFileSync('npm', [...args, '--no-audit', '--no-fund'], {
    cwd: appDir,
    env: { ...process.env, NODE_ENV: 'production', STRAPI_TELEMETRY_DISABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
}
