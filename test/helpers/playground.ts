import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from './databases';
import { databaseFromTemplate, templatesFolder } from './database-templates';
import { createFixtureApp } from './fixture-app';
import { request } from './http';
import { playgroundDir, strapiLauncher } from './paths';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- shared with scripts/start.js (plain JS)
const { ensureAdminBuilt } = require('../../scripts/lib/builds') as {
  ensureAdminBuilt: (options: { quiet: boolean }) => boolean;
};

export interface Playground {
  url: string;
  port: number;
  /** The database this instance runs on (TEST_DATABASE_CLIENT decides the kind). */
  database: TestDatabase;
  /** Absolute path of the SQLite file, when the database is SQLite. */
  databaseFile: string;
  /** The Strapi process, for tests that kill an instance. */
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export interface PlaygroundOptions {
  /** Added to the environment; `undefined` unsets a variable (the playground's own default). */
  env?: Record<string, string | undefined>;
  /** Plugin config merged over the playground's (PLAYGROUND_PLUGIN_CONFIG). */
  pluginConfig?: Record<string, unknown>;
  /** Serve the admin panel (built first when out of date), for browser tests. */
  withAdminPanel?: boolean;
  /** A database shared with other instances (not dropped on stop); a fresh one otherwise. */
  database?: TestDatabase;
  startTimeoutMs?: number;
  /**
   * How the playground's Article receives bodies when the test names no target or format: `html` (what
   * the suite written before body detection expects) unless `auto`, which is what `npm start` does
   * (Markdown, the field's own format).
   */
  articleBodyFormat?: 'html' | 'auto';
  /** Another Strapi app to start instead of the playground (the packaging test's fresh app). */
  appDir?: string;
  /**
   * Content types of playground/fixture-types (real sites' shapes) this test publishes into, added to
   * the playground's Article and Category with the types they relate to; `all` for every one.
   */
  fixtureTypes?: readonly string[] | 'all';
}

/** The app folder to start: the given one, the playground itself, or one with the requested fixture types. */
function appFor(options: PlaygroundOptions): { dir: string | undefined; remove: () => void } {
  if (options.appDir || !options.fixtureTypes || options.fixtureTypes.length === 0) {
    return { dir: options.appDir, remove: () => undefined };
  }
  return createFixtureApp(options.fixtureTypes);
}

/**
 * How long a test's Strapi may take to start: 6 s on a quiet machine, but a CI machine running the three
 * databases' suites side by side once took over 90 s (MariaDB, a fixture app).
 */
const START_TIMEOUT_MS = 180_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function playgroundEnv(port: number, database: TestDatabase, options: PlaygroundOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    ...database.env,
    SERVE_ADMIN_PANEL: options.withAdminPanel ? 'true' : 'false',
    STRAPI_TELEMETRY_DISABLED: 'true',
    STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
    BROWSER: 'none',
    PLAYGROUND_ARTICLE_BODY_FORMAT: options.articleBodyFormat === 'auto' ? '' : 'html',
    // Strapi's MCP server is on in the playground; a test that uses it says so (PLAYGROUND_MCP=true).
    PLAYGROUND_MCP: 'false',
    ...(options.pluginConfig ? { PLAYGROUND_PLUGIN_CONFIG: JSON.stringify(options.pluginConfig) } : {}),
    ...options.env,
  };
}

function spawnStrapi(
  env: NodeJS.ProcessEnv,
  appDir = playgroundDir
): { child: ChildProcess; output: () => string; saysWhenListening: boolean } {
  // An app with a Strapi of its own (the compatibility check's) starts with that one's CLI, as `npm start`
  // would; the playground and its fixture apps start through the launcher (Strapi's programmatic start).
  const ownBin = path.join(appDir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');
  const command = appDir !== playgroundDir && fs.existsSync(ownBin) ? [ownBin, 'start'] : [strapiLauncher];
  const child = spawn(process.execPath, command, {
    cwd: appDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, saysWhenListening: command[0] === strapiLauncher };
}

/**
 * Whether this child is the Strapi answering on `port`: the launcher's line says its own server listens
 * there (another test's Strapi may have been handed the same free port, and answer while this one fails to
 * bind); an app started with its own CLI is taken at the port's word.
 */
const listensItself = (spawned: ReturnType<typeof spawnStrapi>, port: number) =>
  !spawned.saysWhenListening || spawned.output().includes(`strapi-start: listening on port ${port}\n`);

/**
 * A database for a test's own Strapi: a copy of the pass's template when the run keeps templates (see
 * database-templates.ts; an app with a Strapi of its own starts on an empty one). The template is the
 * playground's; an app with fixture types starts on it as a site that adds content types restarts, and
 * Strapi creates their tables.
 */
async function newDatabaseFor(options: PlaygroundOptions): Promise<TestDatabase> {
  const folder = templatesFolder();
  if (!folder || options.appDir) return createTestDatabase();
  return databaseFromTemplate(folder, async (database) => {
    // The playground's default environment: nothing a test sets, no admin panel, no fixture types.
    const first = await startPlayground({ database });
    await first.stop();
  });
}

/** Boots the playground Strapi as its own process on a free port and a fresh database. */
export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  if (options.withAdminPanel) ensureAdminBuilt({ quiet: true });
  const database = options.database ?? (await newDatabaseFor(options));
  const app = appFor(options);
  // Another test's Strapi may bind the free port first: this one then exits, and starts again on another.
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const started = await waitForStart(
      spawnStrapi(playgroundEnv(port, database, options), app.dir),
      port,
      options
    );
    if (started.ok) return runningPlayground(started, port, database, app, options);
    const portTaken = /EADDRINUSE|is already used by another application/.test(started.output());
    if (!portTaken || attempt === 3) {
      app.remove();
      throw new Error(`${started.reason}:\n${started.output()}`);
    }
  }
}

type StartAttempt = ReturnType<typeof spawnStrapi> &
  ({ ok: true; exited: () => boolean } | { ok: false; reason: string });

/** Waits until the spawned Strapi answers on `port` as itself, exits, or runs out of time (then killed). */
async function waitForStart(
  spawned: ReturnType<typeof spawnStrapi>,
  port: number,
  options: PlaygroundOptions
): Promise<StartAttempt> {
  const { child } = spawned;
  let exited = false;
  child.on('exit', () => (exited = true));
  const deadline = Date.now() + (options.startTimeoutMs ?? START_TIMEOUT_MS);
  for (;;) {
    if (exited) return { ...spawned, ok: false, reason: 'Strapi exited during start' };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      return { ...spawned, ok: false, reason: 'Strapi did not start in time' };
    }
    try {
      const health = await request(`http://127.0.0.1:${port}/_health`);
      if (health.status === 204 && listensItself(spawned, port))
        return { ...spawned, ok: true, exited: () => exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function runningPlayground(
  started: StartAttempt & { ok: true },
  port: number,
  database: TestDatabase,
  app: ReturnType<typeof appFor>,
  options: PlaygroundOptions
): Playground {
  const { child, output } = started;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    database,
    databaseFile: database.env.DATABASE_FILENAME ?? '',
    process: child,
    output,
    async stop() {
      if (!started.exited()) {
        const done = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await done;
        clearTimeout(timer);
      }
      app.remove();
      if (!options.database) await database.drop();
    },
  };
}

/** Starts the playground expecting it to stop by itself; returns its exit code and output. */
export async function runPlaygroundUntilExit(
  options: PlaygroundOptions = {}
): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const database = await createTestDatabase();
  const app = appFor(options);
  const { child, output } = spawnStrapi(playgroundEnv(port, database, options), app.dir);
  const timer = setTimeout(() => child.kill('SIGKILL'), options.startTimeoutMs ?? START_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  app.remove();
  await database.drop();
  return { code, output: output() };
}
