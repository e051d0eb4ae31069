import fs from 'node:fs';
import path from 'node:path';
import { playgroundDir, repoRoot } from './paths';

/**
 * The playground as `npm start` shows it has the Article and its Category only. The content types of
 * real sites' shapes that tests publish into (playground/fixture-types) join it when a test asks for
 * them: the test's Strapi then runs from an app folder of its own, in which everything but `src/api` is
 * the playground's (linked), and `src/api` holds the playground's types plus the requested ones, with
 * the types their relations point at.
 */

const FIXTURE_TYPES_DIR = path.join(playgroundDir, 'fixture-types');
const APPS_DIR = path.join(repoRoot, 'test', '.runs', 'apps');

/** The playground's entries an app folder links to (its config resolves the plugin by its real path). */
const LINKED = [
  'config',
  'database',
  'public',
  'build',
  'favicon.png',
  'package.json',
  'src/index.js',
  'src/contract-probe.js',
  'src/plugins',
  'src/components',
];

export const fixtureTypeNames = (): string[] => fs.readdirSync(FIXTURE_TYPES_DIR).sort();

/** The fixture types a type's relations point at (`api::name.name` targets). */
function relatedFixtureTypes(name: string): string[] {
  const schema = JSON.parse(
    fs.readFileSync(path.join(FIXTURE_TYPES_DIR, name, 'content-types', name, 'schema.json'), 'utf8')
  ) as { attributes: Record<string, { type?: string; target?: string }> };
  const available = new Set(fixtureTypeNames());
  return Object.values(schema.attributes)
    .filter((attribute) => attribute.type === 'relation' && attribute.target?.startsWith('api::'))
    .map((attribute) => attribute.target!.slice('api::'.length).split('.')[0])
    .filter((target) => available.has(target));
}

/** The requested types and every fixture type they reach through relations. */
export function withRelatedTypes(requested: readonly string[]): string[] {
  const available = new Set(fixtureTypeNames());
  const unknown = requested.filter((name) => !available.has(name));
  if (unknown.length)
    throw new Error(`No fixture type named ${unknown.join(', ')} in playground/fixture-types`);
  const included = new Set<string>();
  const pending = [...requested];
  while (pending.length) {
    const name = pending.pop()!;
    if (included.has(name)) continue;
    included.add(name);
    pending.push(...relatedFixtureTypes(name));
  }
  return [...included].sort();
}

/** An app folder of the playground with these fixture types; `remove` deletes it once Strapi has stopped. */
export function createFixtureApp(requested: readonly string[] | 'all'): { dir: string; remove: () => void } {
  const types = withRelatedTypes(requested === 'all' ? fixtureTypeNames() : requested);
  fs.mkdirSync(APPS_DIR, { recursive: true });
  const dir = fs.mkdtempSync(path.join(APPS_DIR, 'app-'));
  fs.mkdirSync(path.join(dir, 'src', 'api'), { recursive: true });
  for (const entry of LINKED) {
    const source = path.join(playgroundDir, entry);
    // The admin panel's build exists only once a browser test has built it.
    if (fs.existsSync(source)) fs.symlinkSync(source, path.join(dir, entry));
  }
  // Copied, not linked: Strapi lists `src/api` by entry type and passes over links.
  for (const name of fs.readdirSync(path.join(playgroundDir, 'src', 'api'))) {
    fs.cpSync(path.join(playgroundDir, 'src', 'api', name), path.join(dir, 'src', 'api', name), {
      recursive: true,
    });
  }
  for (const name of types) {
    fs.cpSync(path.join(FIXTURE_TYPES_DIR, name), path.join(dir, 'src', 'api', name), { recursive: true });
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
