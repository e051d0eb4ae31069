import fs from 'node:fs';
import { compatTable, type VersionResult } from '../../test/helpers/compat';
import { compareVersions } from '../../test/helpers/fresh-app';

const START = '<!-- compat-table:start -->';
const END = '<!-- compat-table:end -->';

/** One version's row of the README's table, as written there. */
export interface ReadmeRow {
  version: string;
  line: string;
}

function tableBounds(readme: string): { start: number; end: number } {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} ... ${END} block`);
  return { start: start + START.length, end };
}

/** The version rows of the README's compatibility table. */
export function readReadmeRows(file: string): ReadmeRow[] {
  const readme = fs.readFileSync(file, 'utf8');
  const { start, end } = tableBounds(readme);
  return readme
    .slice(start, end)
    .split('\n')
    .map((line) => ({ line, version: /^\|\s*(5\.\d+\.\d+)\s*\|/.exec(line)?.[1] }))
    .filter((row): row is ReadmeRow => row.version !== undefined);
}

/**
 * Writes these results into the README's table: a version's row is replaced, a new version's added, the
 * other rows stay as their last run left them (each row says when it was checked). Sorted by version.
 */
export function writeReadmeRows(file: string, results: { result: VersionResult; checkedOn: string }[]): void {
  const fresh = compatTable(results).split('\n');
  const [header, rule, ...lines] = fresh;
  const rows = new Map(readReadmeRows(file).map((row) => [row.version, row.line]));
  results.forEach(({ result }, index) => rows.set(result.version, lines[index]));
  const sorted = [...rows.keys()].sort(compareVersions).map((version) => rows.get(version));
  const readme = fs.readFileSync(file, 'utf8');
  const { start, end } = tableBounds(readme);
  const table = [header, rule, ...sorted].join('\n');
  fs.writeFileSync(file, `${readme.slice(0, start)}\n${table}\n${readme.slice(end)}`);
}
