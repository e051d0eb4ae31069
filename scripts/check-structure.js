#!/usr/bin/env node
// `npm run lint` runs this after ESLint: the layout rules of the server code (issues #44, #57), the map
// of docs/design.md.
// - No server file over MAX_LINES lines.
// - Strapi's internals (server/src/strapi/): database lifecycles, document middlewares, the upload
//   provider's wrap, the large-Blocks write, the event-read pacing, the middlewares registry, Strapi's
//   MCP server and Query Engine access to the site's own content types appear only there.
// - Each server file stands in a room (ROOMS); a room imports only the rooms its rule names (a door no
//   other door, the pipeline no door and not the gate, publish/ the other pipeline rooms by type only).
// - `getService` (a service looked up by name) only at the edges: entry files, controllers, middlewares
//   and door handlers; a service is handed its collaborators (server/src/services.ts).
// - No import circle (type imports included) of more than MAX_CIRCLE server files.
// - core/ imports no server file.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const MAX_LINES = 400;
const STRAPI_DIR = 'server/src/strapi/';

const MAX_CIRCLE = 8;
const SERVER = 'server/src/';

/**
 * The rooms of server/src/, each a folder (or the entry files), and what each may import. A file's room
 * is the longest prefix naming it. `doors/*` is every door's folder, each its own room.
 */
const ROOMS = [
  {
    name: 'entry',
    paths: [
      'index.ts',
      'register.ts',
      'bootstrap.ts',
      'destroy.ts',
      'services.ts',
      'controllers.ts',
      'middlewares.ts',
      'routes.ts',
    ],
    mayImport: ['*'],
  },
  // The admin API manages every door's settings (keys, application passwords, endpoints).
  {
    name: 'door admin',
    paths: ['doors/admin/'],
    mayImport: ['door *', 'gate', 'pipeline', 'strapi', 'common'],
  },
  { name: 'door *', paths: ['doors/*/'], mayImport: ['gate', 'pipeline', 'strapi', 'common'] },
  { name: 'gate', paths: ['gate/'], mayImport: ['pipeline', 'strapi', 'common'] },
  {
    name: 'pipeline publish',
    paths: ['pipeline/publish/'],
    mayImport: ['strapi', 'common'],
    typesFrom: ['pipeline'],
  },
  { name: 'pipeline', paths: ['pipeline/'], mayImport: ['pipeline', 'strapi', 'common'] },
  { name: 'strapi', paths: ['strapi/'], mayImport: ['common'] },
  {
    name: 'common',
    paths: ['common/', 'worker/', 'config/', 'content-types/'],
    mayImport: ['strapi', 'common'],
  },
];

/** Where `getService` may be imported: the edges, which Strapi calls with a request or at start. */
const GET_SERVICE = 'server/src/common/get-service.ts';
const EDGES = [
  (file) => ROOMS[0].paths.some((entry) => file === SERVER + entry),
  (file) => /^server\/src\/doors\/[^/]+\/(controllers|middlewares)\//.test(file),
  // A door's own files beside its services: its handlers, tools and the function that mounts it.
  (file) => /^server\/src\/doors\/[^/]+\/[^/]+\.ts$/.test(file),
  (file) => file.startsWith('server/src/common/http/'),
  // getService's own type is the service registry's.
  (file) => file === GET_SERVICE,
];

/** Text that may appear only under server/src/strapi/ (outside it, in server/src). */
const STRAPI_ONLY = [
  { pattern: /\bdb\.lifecycles\b/, what: 'database lifecycles (strapi.db.lifecycles)' },
  { pattern: /\bdocuments\.use\s*\(/, what: 'document middlewares (strapi.documents.use)' },
  {
    pattern: /plugin\(\s*'upload'\s*\)\s*\.provider\b/,
    what: "the upload provider (strapi.plugin('upload').provider)",
  },
  { pattern: /\bBLOCKS_STAND_IN(_JSON)?\b/, what: 'the large-Blocks write (its stand-in)' },
  {
    pattern: /\bexpectEventReads\b/,
    what: "the event-read pacing (Strapi's entry events read the rows again)",
  },
  { pattern: /\bPacedReads\b|paced-reads'/, what: 'the event-read pacing (core/src/paced-reads)' },
  {
    // The plugin's own tables are named by their *_UID constants or a plugin::/admin:: literal.
    pattern: /\bdb\s*\.\s*query\s*\(\s*(?![A-Z][A-Z0-9_]*_UID\s*\)|'(plugin|admin)::)/,
    what: "the Query Engine on a content type that is not the plugin's or Strapi's own (the site's types)",
  },
  {
    pattern: /get\(\s*'middlewares'\s*\)/,
    what: "Strapi's middlewares registry (strapi.get('middlewares'))",
  },
  { pattern: /\bstrapi\.ai\b/, what: "Strapi's MCP server (strapi.ai.mcp)" },
];

const normalize = (file) => file.split(path.sep).join('/');

/** The room of a server file (`door wordpress` for doors/wordpress/...), or undefined outside server/src. */
function roomOf(file) {
  if (!file.startsWith(SERVER)) return undefined;
  const inner = file.slice(SERVER.length);
  let best;
  for (const room of ROOMS)
    for (const prefix of room.paths) {
      const door = prefix === 'doors/*/' ? /^doors\/([^/]+)\//.exec(inner) : null;
      const matches = door ? true : prefix.endsWith('/') ? inner.startsWith(prefix) : inner === prefix;
      if (prefix === 'doors/*/' && !door) continue;
      const length = door ? door[0].length - 0.5 : prefix.length;
      if (matches && (!best || length > best.length))
        best = { room, length, name: door ? `door ${door[1]}` : room.name };
    }
  return best && { rule: best.room, name: best.name };
}

/** Whether a room's rule lets it import the room `to` (by name: `pipeline` covers every pipeline room). */
function named(list, from, to) {
  return (list ?? []).some((allowed) => {
    if (allowed === '*') return true;
    if (allowed === 'door *') return to.name.startsWith('door ');
    return to.name === allowed || to.name.startsWith(`${allowed} `) || to.rule.name === allowed;
  });
}

function importAllowed(file, target, from, to, typeOnly) {
  if (from.name === to.name) return true;
  // getService is typed by the registry of every service.
  if (file === GET_SERVICE && target === `${SERVER}services.ts` && typeOnly) return true;
  // A pipeline room may import the others (publish/ by type only: its collaborators are passed in).
  if (named(from.rule.mayImport, from, to)) return true;
  return typeOnly && named(from.rule.typesFrom, from, to);
}

/** The relative imports of a file's text: the module, whether type-only, and the line. */
function importsOf(text) {
  const found = [];
  const statement = /^[ \t]*(import|export)\s+(type\s+)?([^;]*?)\s*from\s+'(\.[^']*)'/gm;
  let match;
  while ((match = statement.exec(text))) {
    const names = match[3].trim();
    // `import { type A, type B }` is type-only too.
    const braced = /^\{([\s\S]*)\}$/.exec(names);
    const allTyped =
      braced !== null &&
      braced[1]
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '));
    found.push({
      module: match[4],
      typeOnly: Boolean(match[2]) || allTyped,
      line: text.slice(0, match.index).split('\n').length,
    });
  }
  return found;
}

/** Resolves a relative import of `from` to a repository path (`.ts`, or a folder's index.ts). */
function resolveImport(from, module, exists) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), module));
  for (const candidate of [base, `${base}.ts`, `${base}.js`, `${base}/index.ts`])
    if (exists(candidate)) return candidate;
  return `${base}.ts`;
}

/** The import circles (strongly connected files, type imports included) of more than MAX_CIRCLE files. */
function largeCircles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  let next = 0;
  // Tarjan's algorithm, iterative: a chain of imports can be deeper than the call stack.
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work = [{ file: root, edges: [...(graph.get(root) ?? [])], at: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const frame = work[work.length - 1];
      if (frame.at < frame.edges.length) {
        const target = frame.edges[frame.at++];
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, edges: [...graph.get(target)], at: 0 });
        } else if (onStack.has(target)) low.set(frame.file, Math.min(low.get(frame.file), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].file;
        low.set(parent, Math.min(low.get(parent), low.get(frame.file)));
      }
      if (low.get(frame.file) === index.get(frame.file)) {
        const circle = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          circle.push(member);
        } while (member !== frame.file);
        if (circle.length > MAX_CIRCLE) circles.push(circle.sort());
      }
    }
  }
  return circles;
}

/**
 * The problems of these files (`{ path, text }`, repository paths with `/`); `exists` says whether a
 * repository path is a file (to resolve imports).
 */
function checkFiles(files, exists) {
  const problems = [];
  const graph = new Map();
  for (const { path: file, text } of files) {
    if (file.startsWith(SERVER)) {
      graph.set(file, new Set());
      const count = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      if (count > MAX_LINES)
        problems.push(`${file}: ${count} lines (at most ${MAX_LINES}: split it by concern)`);
      if (!file.startsWith(STRAPI_DIR)) {
        const lines = text.split('\n');
        for (const rule of STRAPI_ONLY) {
          // Over the whole text: a call may span lines (`strapi.db\n  .query(...)`).
          const pattern = new RegExp(rule.pattern.source, 'g');
          let match;
          while ((match = pattern.exec(text))) {
            const line = text.slice(0, match.index).split('\n').length;
            if (/^\s*(\/\/|\*|\/\*)/.test(lines[line - 1])) continue;
            problems.push(`${file}:${line}: ${rule.what} belongs in ${STRAPI_DIR} only`);
          }
        }
      }
    }
    for (const { module, typeOnly, line } of importsOf(text)) {
      const target = resolveImport(file, module, exists);
      if (file.startsWith('core/') && target.startsWith('server/')) {
        problems.push(
          `${file}:${line}: core/ imports ${target}: core is framework-free and below the server`
        );
        continue;
      }
      if (graph.has(file) && target.startsWith(SERVER)) graph.get(file).add(target);
      if (target === GET_SERVICE && !EDGES.some((edge) => edge(file)))
        problems.push(
          `${file}:${line}: imports getService: only the edges look services up (controllers, ` +
            'middlewares, door handlers, entry files); a service is handed its collaborators as `uses`'
        );
      const [from, to] = [roomOf(file), roomOf(target)];
      if (!from || !to || importAllowed(file, target, from, to, typeOnly)) continue;
      problems.push(
        `${file}:${line}: imports ${target}${typeOnly ? ' (type only)' : ''}: room "${from.name}" ` +
          `may not import room "${to.name}" (scripts/check-structure.js ROOMS)`
      );
    }
  }
  for (const circle of largeCircles(graph))
    problems.push(
      `an import circle of ${circle.length} server files (at most ${MAX_CIRCLE}): ${circle.join(', ')}`
    );
  return problems;
}

function listFiles(root, dir) {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const relative = normalize(path.join(dir, entry.name));
    if (entry.isDirectory()) return listFiles(root, relative);
    return /\.(ts|tsx|js)$/.test(entry.name) ? [relative] : [];
  });
}

function main() {
  const root = path.resolve(__dirname, '..');
  const files = ['server/src', 'core/src'].flatMap((dir) => listFiles(root, dir));
  const problems = checkFiles(
    files.map((file) => ({ path: file, text: fs.readFileSync(path.join(root, file), 'utf8') })),
    (file) => fs.existsSync(path.join(root, file)) && fs.statSync(path.join(root, file)).isFile()
  );
  if (problems.length) {
    console.error(`check-structure: ${problems.length} problem(s) (scripts/check-structure.js):`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`check-structure: ${files.length} files, layout rules hold`);
}

module.exports = { checkFiles, importsOf, roomOf, ROOMS, MAX_LINES, MAX_CIRCLE };

if (require.main === module) main();
