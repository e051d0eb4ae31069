import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Ways a file can point outside the repository it is in: the folder beside a checkout that only this
 * team's machines have, this team's machine paths, and home folders. A stranger's clone has none of
 * them. (Written as patterns that do not match their own text, so this file passes its own check.)
 */
const OUTSIDE_REFERENCES: readonly [string, RegExp][] = [
  ['a folder beside the checkout', /\.\.[\\/]+shared\b|['"]\.\.['"]\s*,\s*['"]shared['"]/],
  ["the team's shared folder", /\bshared[\\/](?:fixtures|notes|spec)\b|\bshared[\\/]DESIGN\.md\b/],
  ["this team's machine paths", /(?<![\w.~-])\/work\//],
  ['a home folder', /(?<![\w.~-])\/(?:home|Users)\/[\w.-]+|(?<![\w.~-])\/root\/|\b[A-Z]:\\Users\\/],
];

/** The files a clone holds (tracked), with new files not ignored yet, as paths from the root. */
export function repositoryFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\0').filter(Boolean))].filter((file) =>
    fs.statSync(path.join(root, file), { throwIfNoEntry: false })?.isFile()
  );
}

/** Each line of a repository file that refers outside the repository: `file:line: what (text)`. */
export function outsideReferences(root: string): string[] {
  const found: string[] = [];
  for (const file of repositoryFiles(root)) {
    const content = fs.readFileSync(path.join(root, file));
    if (content.subarray(0, 8000).includes(0)) continue; // binary (images)
    for (const [index, line] of content.toString('utf8').split('\n').entries()) {
      for (const [what, pattern] of OUTSIDE_REFERENCES) {
        if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what} (${line.trim().slice(0, 120)})`);
      }
    }
  }
  return found;
}
