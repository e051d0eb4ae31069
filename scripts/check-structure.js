#!/usr/bin/env node
// `npm run lint` runs this after ESLint: the layout rules of the server code (issue #44).
// - No server file over MAX_LINES lines.
// - Strapi's internals (server/src/strapi/): database lifecycles, document middlewares, the upload
//   provider's wrap, the large-Blocks write, the event-read pacing and Query Engine access to the site's
//   own content types appear only there.
// - Imports run down the pipeline's stages (STAGES), never back up to a higher one; core/ imports no
//   server file.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const MAX_LINES = 400;
const STRAPI_DIR = 'server/src/strapi/';

/**
 * The stages, highest first: a file imports from its own stage or a lower one. A path ending in `/` is
 * a folder; the first stage naming a file's path (the longest prefix wins) is its stage.
 */
const STAGES = [
  {
    name: 'entry (Strapi hooks and registries)',
    paths: [
      'server/src/index.ts',
      'server/src/register.ts',
      'server/src/bootstrap.ts',
      'server/src/destroy.ts',
      'server/src/routes/',
      'server/src/controllers/index.ts',
      'server/src/middlewares/index.ts',
      'server/src/services/index.ts',
    ],
  },
  {
    name: 'surfaces (controllers, middlewares, the WordPress door)',
    paths: ['server/src/controllers/', 'server/src/middlewares/', 'server/src/wordpress/'],
  },
  {
    name: 'services',
    paths: ['server/src/services/', 'server/src/media/', 'server/src/schedule/'],
  },
  // The pipeline's stages are handed their collaborators (the services) by the publisher: they name
  // them by type only (TYPE_ONLY_UPWARD), and never import the publisher itself.
  { name: 'pipeline (publish/)', paths: ['server/src/publish/'] },
  { name: "Strapi's internals (strapi/)", paths: [STRAPI_DIR] },
  {
    name: 'base (utils, worker, config, content types)',
    paths: [
      'server/src/utils/',
      'server/src/worker/',
      'server/src/config/',
      'server/src/content-types/',
      'server/src/permissions.ts',
    ],
  },
];

/**
 * Type-only imports that may run up a stage, and why. The pipeline's stages name the services they are
 * handed (PublishCollaborators) and the media step's result (media/types.ts) by type; at run time the
 * publisher (publish/index.ts) wires them in. getService is typed by the service registry.
 */
const TYPE_ONLY_UPWARD = [
  { from: 'server/src/publish/', to: 'server/src/services/', except: [] },
  { from: 'server/src/publish/', to: 'server/src/media/types.ts', except: [] },
  { from: 'server/src/utils/get-service.ts', to: 'server/src/services/index.ts', except: [] },
];

/** Text that may appear only under server/src/strapi/ (outside it, in server/src). */
const STRAPI_ONLY = [
  { pattern: /\bdb\.lifecycles\b/, what: 'database lifecycles (strapi.db.lifecycles)' },
  { pattern: /\bdocuments\.use\s*\(/, what: 'document middlewares (strapi.documents.use)' },
  {
    pattern: /plugin\(\s*'upload'\s*\)\s*\.provider\b/,
    what: "the upload provider (strapi.plugin('upload').provider)",
  },
  { pattern: /\bBLOCKS_STAND_IN_JSON\b/, what: 'the large-Blocks write (its stand-in as stored)' },
  { pattern: /\bPacedReads\b|paced-reads'/, what: 'the event-read pacing (core/src/paced-reads)' },
  {
    // The plugin's own tables are named by their *_UID constants or a plugin::/admin:: literal.
    pattern: /\bdb\s*\.\s*query\s*\(\s*(?![A-Z][A-Z0-9_]*_UID\s*\)|'(plugin|admin)::)/,
    what: "the Query Engine on a content type that is not the plugin's or Strapi's own (the site's types)",
  },
];

const normalize = (file) => file.split(path.sep).join('/');

function stageOf(file) {
  let best;
  STAGES.forEach((stage, index) => {
    for (const prefix of stage.paths) {
      const matches = prefix.endsWith('/')
        ? file.startsWith(prefix)
        : file === prefix || file.startsWith(`${prefix}/`) || file === `${prefix}.ts`;
      if (matches && (!best || prefix.length > best.prefix.length)) best = { index, prefix };
    }
  });
  return best ? best.index : undefined;
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

function typeOnlyAllowed(from, to) {
  return TYPE_ONLY_UPWARD.some(
    (rule) =>
      (from === rule.from || (rule.from.endsWith('/') && from.startsWith(rule.from))) &&
      (to === rule.to || (rule.to.endsWith('/') && to.startsWith(rule.to))) &&
      !rule.except.includes(to)
  );
}

/**
 * The problems of these files (`{ path, text }`, repository paths with `/`); `exists` says whether a
 * repository path is a file (to resolve imports).
 */
function checkFiles(files, exists) {
  const problems = [];
  for (const { path: file, text } of files) {
    if (file.startsWith('server/src/')) {
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
      const [fromStage, toStage] = [stageOf(file), stageOf(target)];
      if (fromStage === undefined || toStage === undefined || toStage >= fromStage) continue;
      if (typeOnly && typeOnlyAllowed(file, target)) continue;
      problems.push(
        `${file}:${line}: imports ${target}${typeOnly ? ' (type only)' : ''}, back up from stage ` +
          `"${STAGES[fromStage].name}" to "${STAGES[toStage].name}"`
      );
    }
  }
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

module.exports = { checkFiles, importsOf, stageOf, STAGES, MAX_LINES };

if (require.main === module) main();
