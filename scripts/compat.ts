// `npm run test:compat -- 5.0.0 5.20.0 ...`: the packed plugin in a new app of each given Strapi release
// (install, admin build, start, the quickstart's ping / publish / webhook, the settings page in a
// browser); prints a table and writes each version's row into the README's "Supported Strapi versions".
// Without versions: the README table's versions. SKIP_BUILD=1 packs the dist/ as it is. Run one at a time:
// each version's row is written into the README as it finishes, and parallel runs would overwrite rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkStrapiVersion, compatTable, type VersionResult } from '../test/helpers/compat';
import { packPlugin } from '../test/helpers/fresh-app';
import { repoRoot } from '../test/helpers/paths';
import { readReadmeRows, writeReadmeRows } from './lib/compat-readme';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- shared with scripts/test.js (plain JS)
const { lockedExec } = require('./lib/builds') as {
  lockedExec: (command: string, args: string[], options: object) => void;
};

const README = path.join(repoRoot, 'README.md');

async function main() {
  const requested = process.argv.slice(2);
  const versions = requested.length ? requested : readReadmeRows(README).map((row) => row.version);
  if (!versions.length || versions.some((version) => !/^5\.\d+\.\d+$/.test(version))) {
    console.error('Usage: npm run test:compat -- 5.x.y [5.x.y ...] (exact Strapi 5 releases)');
    process.exit(2);
  }
  if (!process.env.SKIP_BUILD) {
    console.log('Building the plugin...');
    lockedExec('npm', ['run', '--silent', 'build'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'article-publisher-compat-'));
  const results: VersionResult[] = [];
  try {
    const { tarball } = packPlugin(workDir);
    for (const version of versions) {
      const result = await checkStrapiVersion(version, tarball, workDir, (line) =>
        console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`)
      );
      results.push(result);
      // Written as each version finishes, so an interrupted run keeps what it found.
      writeReadmeRows(README, [{ result, checkedOn: new Date().toISOString().slice(0, 10) }]);
    }
  } finally {
    // A failed release's app stays for a look (its path is printed); a passing run leaves nothing.
    if (results.every((result) => result.passed)) fs.rmSync(workDir, { recursive: true, force: true });
    else console.log(`The apps are in ${workDir}`);
  }
  console.log(`\n${compatTable(results.map((result) => ({ result })))}\n`);
  process.exit(results.every((result) => result.passed) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
