import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { githubSlug, markdownAnchors, markdownLinks } from './helpers/markdown-links';

const repoRoot = path.join(__dirname, '..', '..');
const README = path.join(repoRoot, 'README.md');

/** README.md and every Markdown file under docs/. */
function documentationFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(repoRoot, 'docs', name));
  return [README, ...docs.sort()];
}

/** What is wrong with one link of `file`, or null when it leads somewhere that exists. */
function brokenLink(file: string, target: string): string | null {
  // Another site's address, a mail address: not ours to check here.
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const [rawPath, anchor] = target.split('#', 2);
  const linkedPath = decodeURIComponent(rawPath);
  const destination = linkedPath === '' ? file : path.resolve(path.dirname(file), linkedPath);
  if (!destination.startsWith(repoRoot + path.sep)) return 'leads outside the repository';
  if (!fs.existsSync(destination)) return 'no such file';
  if (anchor === undefined || !destination.endsWith('.md') || fs.statSync(destination).isDirectory())
    return null;
  const anchors = markdownAnchors(fs.readFileSync(destination, 'utf8'));
  return anchors.has(anchor) ? null : `no heading with the anchor #${anchor}`;
}

describe('the documentation', () => {
  it('takes GitHub-style anchors from headings', () => {
    assert.equal(githubSlug('`GET /api/service/v1/ping`'), 'get-apiservicev1ping');
    assert.equal(
      githubSlug("Settings cannot point the plugin at Strapi's own types"),
      'settings-cannot-point-the-plugin-at-strapis-own-types'
    );
    assert.equal(githubSlug('Body converters (issue #30)'), 'body-converters-issue-30');
    assert.equal(githubSlug('Readers during a publish: 2026-11-28'), 'readers-during-a-publish-2026-11-28');
    const repeated = markdownAnchors(
      '# Config\n\n```md\n# Not a heading\n```\n\n## Config\n<a id="kept"></a>\n'
    );
    assert.deepEqual([...repeated].sort(), ['config', 'config-1', 'kept']);
  });

  it('finds links outside code only', () => {
    const links = markdownLinks(
      'See [the API](docs/api.md#limits) and ![a chart](bench/growth.svg "chart").\n' +
        '`[not](a-link.md)`\n```\n[not](either.md)\n```\n[ref]: docs/design.md\n'
    );
    assert.deepEqual(
      links.map((link) => link.target),
      ['docs/api.md#limits', 'bench/growth.svg', 'docs/design.md']
    );
  });

  it('keeps the README short enough to read in ten minutes (under 300 lines)', () => {
    const lines = fs.readFileSync(README, 'utf8').trimEnd().split('\n').length;
    assert.ok(lines < 300, `README.md has ${lines} lines`);
  });

  it('links only to files that exist, and to headings those files have', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of documentationFiles()) {
      for (const link of markdownLinks(fs.readFileSync(file, 'utf8'))) {
        checked += 1;
        const problem = brokenLink(file, link.target);
        if (problem) broken.push(`${path.relative(repoRoot, file)}:${link.line} ${link.target}: ${problem}`);
      }
    }
    assert.ok(checked > 100, `links were found (${checked})`);
    assert.deepEqual(broken, []);
  });
});
