import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { repoRoot } from './helpers/paths';

/** The README's `config/plugins.ts` snippet: the ts block right under its marker comment. */
function readmeSnippet(): string {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const match = /<!-- plugins-snippet -->\n```ts\n([\s\S]*?)\n```/.exec(readme);
  assert.ok(match, 'the README has a plugins snippet under its marker');
  return match[1];
}

/** The snippet's `'article-publisher': { ... },` entry, as a reader copies it into their own file. */
function pluginEntry(snippet: string): string {
  const lines = snippet.split('\n');
  const start = lines.findIndex((line) => line.trim().startsWith("'article-publisher'"));
  const end = lines.findIndex((line, index) => index > start && line === '  },');
  assert.ok(start > 0 && end > start, 'the snippet has one article-publisher entry');
  return lines.slice(start, end + 1).join('\n');
}

/** `config/plugins.ts` as a new TypeScript app has it: typed, with entries of its own. */
const NEW_APP_PLUGINS_FILE = `import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET', 'a-secret'),
    },
  },
  upload: {
    config: {
      sizeLimit: 10 * 1024 * 1024,
    },
  },
});

export default config;
`;

/** A TypeScript app's compiler options, strict (create-strapi's strictest setting). */
const TSCONFIG = {
  compilerOptions: {
    module: 'CommonJS',
    moduleResolution: 'Node',
    lib: ['ES2020'],
    target: 'ES2019',
    strict: true,
    skipLibCheck: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    noEmitOnError: true,
    outDir: 'dist',
    rootDir: '.',
  },
  include: ['config/**/*.ts'],
};

const typescriptCompiler = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');

describe("the README's config/plugins.ts snippet in a new TypeScript app", () => {
  let appDir: string;
  const compile = () =>
    execFileSync(process.execPath, [typescriptCompiler, '-p', appDir], { encoding: 'utf8', stdio: 'pipe' });
  const writePlugins = (text: string) => fs.writeFileSync(path.join(appDir, 'config', 'plugins.ts'), text);

  before(() => {
    // Outside the repository, so no tsconfig or type of ours takes part; Strapi's types from its install.
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-app-'));
    fs.mkdirSync(path.join(appDir, 'config'));
    const installed = path.resolve(path.dirname(require.resolve('@strapi/strapi/package.json')), '..', '..');
    fs.symlinkSync(installed, path.join(appDir, 'node_modules'), 'dir');
    fs.writeFileSync(path.join(appDir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  });
  after(() => fs.rmSync(appDir, { recursive: true, force: true }));

  it('compiles under strict options when its entry is added beside the entries the app already has, and keeps them', () => {
    const pasted = NEW_APP_PLUGINS_FILE.replace(
      /\n\}\);\n\nexport default config;/,
      `\n${pluginEntry(readmeSnippet())}\n});\n\nexport default config;`
    );
    assert.notEqual(pasted, NEW_APP_PLUGINS_FILE, 'the entry was added');
    writePlugins(pasted);
    try {
      compile();
    } catch (error) {
      assert.fail(`tsc refused the pasted file:\n${(error as { stdout?: string }).stdout}\n${pasted}`);
    }
    // What Strapi reads from the compiled file: the app's own entries and the plugin's.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the app's compiled CommonJS output, as Strapi loads it
    const compiled = require(path.join(appDir, 'dist', 'config', 'plugins.js')) as {
      default: (params: { env: (name: string, fallback?: unknown) => unknown }) => Record<string, unknown>;
    };
    const env = Object.assign((_name: string, fallback?: unknown) => fallback, {});
    const plugins = compiled.default({ env });
    assert.deepEqual(Object.keys(plugins), ['users-permissions', 'upload', 'article-publisher']);
    const entry = plugins['article-publisher'] as { config: Record<string, unknown> };
    assert.equal(entry.config.targetContentType, 'api::article.article');
  });

  it('compiles as a whole file too (a reader whose app had none)', () => {
    writePlugins(readmeSnippet());
    try {
      compile();
    } catch (error) {
      assert.fail(`tsc refused the snippet:\n${(error as { stdout?: string }).stdout}`);
    }
  });

  it('would have caught the untyped form (TS7031 under strict options)', () => {
    writePlugins(
      "export default ({ env }) => ({ 'article-publisher': { config: { siteName: env('X') } } });\n"
    );
    assert.throws(compile, (error: { stdout?: string }) => /TS7031/.test(error.stdout ?? ''));
  });
});
