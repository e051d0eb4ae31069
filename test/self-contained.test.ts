import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { outsideReferences } from './helpers/outside-references';
import { repoRoot } from './helpers/paths';

/** A remote origin, as a clone from a public host has; nothing can be found beside it. */
const REMOTE_ORIGIN = 'https://example.invalid/article-publisher.git';
/** The XSS test renders some 6,000 documents' worth of payloads; a loaded machine needs minutes. */
const CLONE_RUN_TIMEOUT_MS = 15 * 60_000;

const git = (cwd: string, args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The node_modules folder this checkout resolves its packages from (it may sit above the checkout). */
function installedPackages(): string {
  const tsx = require.resolve('tsx/package.json', { paths: [repoRoot] });
  return path.join(tsx.slice(0, tsx.lastIndexOf(`${path.sep}node_modules${path.sep}`)), 'node_modules');
}

describe('the repository is self-contained: a stranger’s clone needs nothing outside it', () => {
  it('no file of the repository refers to a path outside it', () => {
    assert.deepEqual(outsideReferences(repoRoot), []);
  });

  it('a clone of the committed tree, with a remote origin and no folder beside it, passes the XSS test', (t) => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'article-publisher-clone-'));
    const clone = path.join(parent, 'repo');
    try {
      // What is committed, not the working tree: a stranger gets only that.
      const head = git(repoRoot, ['rev-parse', 'HEAD']);
      git(parent, ['clone', '--quiet', '--no-checkout', repoRoot, clone]);
      git(clone, ['checkout', '--quiet', '--detach', head]);
      git(clone, ['remote', 'set-url', 'origin', REMOTE_ORIGIN]);
      // `npm install` in the clone would install what the checkout has installed: linked instead.
      fs.symlinkSync(installedPackages(), path.join(clone, 'node_modules'), 'dir');
      assert.deepEqual(fs.readdirSync(parent), ['repo'], 'nothing beside the clone');
      assert.deepEqual(outsideReferences(clone), [], 'no committed file refers outside the repository');

      const env: NodeJS.ProcessEnv = { ...process.env };
      delete env.XSS_CORPUS_PATH;
      // Set for the files this runner starts; a `node --test` that inherits it runs nothing.
      delete env.NODE_TEST_CONTEXT;
      const started = Date.now();
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--test', '--test-reporter=spec', 'test/xss-corpus.test.ts'],
        { cwd: clone, env, encoding: 'utf8', timeout: CLONE_RUN_TIMEOUT_MS }
      );
      const output = `${run.stdout}${run.stderr}`;
      t.diagnostic(
        `the XSS test in the clone: exit ${run.status} after ${Math.round((Date.now() - started) / 1000)} s`
      );
      assert.equal(run.status, 0, `the XSS test failed in the clone:\n${output.slice(-6000)}`);
      assert.match(output, /ℹ fail 0/);
      assert.match(output, /none of the \d+ sanitized payloads executes/);
    } finally {
      // The link first, so removing the clone cannot reach the packages it points to.
      fs.rmSync(path.join(clone, 'node_modules'), { force: true });
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
