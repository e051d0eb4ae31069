import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
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

/** The repository's manifest, for the plugin's peers and the playground's dependency ranges. */
function readManifest(file: string): {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
} {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Copies the playground's app parts (config, content types) into `appDir`. */
function copyAppParts(appDir: string): void {
  for (const part of APP_PARTS) {
    fs.cpSync(path.join(playgroundDir, part), path.join(appDir, part), { recursive: true });
  }
  fs.mkdirSync(path.join(appDir, 'public', 'uploads'), { recursive: true });
}

function writeAppManifest(appDir: string, fields: Record<string, unknown>): void {
  const manifest = {
    name: 'fresh-strapi-app',
    private: true,
    version: '0.0.0',
    scripts: { build: 'strapi build', start: 'strapi start' },
    ...fields,
  };
  fs.writeFileSync(path.join(appDir, 'package.json'), JSON.stringify(manifest, null, 2));
}

/**
 * A new Strapi app in `appDir` (outside the repository, so no parent tsconfig.json or node_modules
 * takes part), with an Article type and no trace of the plugin. Its dependencies are the plugin's peers
 * (Strapi, React, the router, styled-components), linked to the copies this repository installed rather
 * than downloaded again (~860 MB). `appEnv` is what its processes need because of those links: Strapi
 * finds installed plugins by requiring their package.json from its own folder, which is the repository's
 * here, so NODE_PATH adds the app's node_modules as Node would see it were Strapi inside the app.
 */
export function createFreshApp(appDir: string): { appEnv: Record<string, string> } {
  copyAppParts(appDir);
  const peers = Object.keys(readManifest(path.join(repoRoot, 'package.json')).peerDependencies ?? {});
  writeAppManifest(appDir, {
    dependencies: Object.fromEntries(
      peers.map((name) => [
        name,
        `file:${path.dirname(require.resolve(`${name}/package.json`, { paths: [repoRoot] }))}`,
      ])
    ),
  });
  return { appEnv: { NODE_PATH: path.join(appDir, 'node_modules') } };
}

/** What the registry says of one Strapi release: the dependencies that decide how its app is set up. */
export interface StrapiRelease {
  version: string;
  /** `dependencies` of that `@strapi/strapi` release. */
  strapiDependencies: Record<string, string>;
  /** The `sharp` range that release's `@strapi/upload` asks for (none once it stopped using sharp). */
  uploadSharp: string | null;
  /** Users & Permissions of that release, or the newest before it (not every patch release has one). */
  usersPermissions: string;
}

/** Orders `major.minor.patch` versions. */
export const compareVersions = (a: string, b: string): number => {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

/** Reads a release's dependencies from the registry (`npm view`). */
export function readStrapiRelease(version: string): StrapiRelease {
  /** A field of a published package, or `none` when the registry has no such version. */
  const view = <T>(spec: string, field: string, none: T): T => {
    try {
      const output = execFileSync('npm', ['view', spec, field, '--json'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      return output ? (JSON.parse(output) as T) : none;
    } catch {
      return none;
    }
  };
  const usersPermissions = ([] as string[])
    .concat(view(`@strapi/plugin-users-permissions@<=${version}`, 'version', []))
    .filter((candidate) => /^\d+\.\d+\.\d+$/.test(candidate))
    .sort(compareVersions)
    .at(-1);
  if (!usersPermissions) throw new Error(`no @strapi/plugin-users-permissions up to ${version}`);
  return {
    version,
    strapiDependencies: view(`@strapi/strapi@${version}`, 'dependencies', {}),
    uploadSharp: view<Record<string, string>>(`@strapi/upload@${version}`, 'dependencies', {}).sharp ?? null,
    usersPermissions,
  };
}

/**
 * Before 0.33, sharp's install script downloads libvips from GitHub, which test machines cannot reach
 * (npm's registry only). Such an app gets the plugin's own sharp, which comes as npm packages.
 */
function needsRegistrySharp(range: string | null): boolean {
  const match = range ? /(\d+)\.(\d+)/.exec(range) : null;
  return match !== null && Number(match[1]) === 0 && Number(match[2]) < 33;
}

/**
 * A new app of one Strapi release, downloaded from the registry as `create-strapi` sets one up: that
 * version's `@strapi/strapi` and Users & Permissions, React, the router and styled-components at the
 * playground's ranges, and SQLite. Every `@strapi/*` package released together with that
 * version is pinned to it (npm overrides), as the app's lockfile would hold them: without a lockfile npm
 * would mix in the newest release of those that other packages ask for by range.
 */
export function createVersionedApp(appDir: string, release: StrapiRelease): void {
  copyAppParts(appDir);
  // As create-strapi writes it: Users & Permissions refuses to start in production without its secret.
  fs.writeFileSync(path.join(appDir, '.env'), `JWT_SECRET=${crypto.randomBytes(16).toString('base64')}\n`);
  const { version, strapiDependencies } = release;
  const playground = readManifest(path.join(playgroundDir, 'package.json')).dependencies ?? {};
  const plugin = readManifest(path.join(repoRoot, 'package.json')).dependencies ?? {};
  const fromPlayground = ['react', 'react-dom', 'react-router-dom', 'styled-components'];
  const released = [
    '@strapi/strapi',
    ...Object.keys(strapiDependencies).filter(
      (name) => name.startsWith('@strapi/') && strapiDependencies[name] === version
    ),
  ];
  writeAppManifest(appDir, {
    dependencies: {
      // Listed, not only overridden: npm then places each at the top of node_modules, where a lockfile
      // has it and where Strapi 5.0 requires its built-in plugins from (without a lockfile npm nested
      // @strapi/email under @strapi/strapi, and 5.0.0 did not start).
      ...Object.fromEntries(released.map((name) => [name, version])),
      '@strapi/plugin-users-permissions': release.usersPermissions,
      ...Object.fromEntries(fromPlayground.map((name) => [name, playground[name]])),
      // The SQLite driver is a copy of this repository's, built already: its install would compile it
      // from source here (its prebuilt binaries are on GitHub), which takes minutes. A copy without its
      // install script, not a link: npm runs a linked folder's install script in place, which rebuilt
      // (and for minutes removed) the driver every other Strapi on the machine loads.
      'better-sqlite3': `file:${builtSqliteDriverCopy(appDir)}`,
    },
    overrides: {
      ...Object.fromEntries(released.map((name) => [name, version])),
      '@strapi/plugin-users-permissions': release.usersPermissions,
      ...(needsRegistrySharp(release.uploadSharp) ? { sharp: plugin.sharp } : {}),
    },
  });
}

/** A copy of the repository's built SQLite driver inside the app, whose install builds nothing. */
function builtSqliteDriverCopy(appDir: string): string {
  const source = path.dirname(require.resolve('better-sqlite3/package.json', { paths: [playgroundDir] }));
  if (!fs.existsSync(path.join(source, 'build', 'Release', 'better_sqlite3.node')))
    throw new Error(`${source} is not built (npm rebuild better-sqlite3 in the repository)`);
  const copy = path.join(appDir, 'vendor', 'better-sqlite3');
  fs.cpSync(source, copy, { recursive: true });
  const manifestFile = path.join(copy, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
    scripts?: Record<string, string>;
    gypfile?: boolean;
  };
  // No install script, and none npm would add: for a package with a binding.gyp it runs `node-gyp
  // rebuild` by itself unless `gypfile` is false.
  delete manifest.scripts;
  manifest.gypfile = false;
  fs.rmSync(path.join(copy, 'binding.gyp'));
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  return copy;
}

/** Runs an npm command in the app, as its owner would type it; throws with npm's output when it fails. */
export function npmIn(appDir: string, args: string[], env: Record<string, string> = {}): void {
  // A registry request that stalls is given up after two minutes and retried (npm waits five minutes,
  // twice, by default: a stalled connection held a compatibility run for a quarter of an hour).
  const patience = ['--fetch-timeout=120000', '--fetch-retries=4', '--fetch-retry-maxtimeout=20000'];
  execFileSync('npm', [...args, '--no-audit', '--no-fund', ...patience], {
    cwd: appDir,
    env: { ...process.env, NODE_ENV: 'production', STRAPI_TELEMETRY_DISABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
}
