/**
 * Bodies whose shape costs a converter far more than their size (issue #55 item 3), shared by the unit
 * tests, the integration test of every door (test/hardening-parsing.test.ts) and the benchmark
 * (bench/scenarios/pathological.ts). Times are marked's and the sanitizer's on a loaded 2-core machine
 * (2026-12), inline.
 */
export interface PathologicalBody {
  name: string;
  format: 'markdown' | 'html';
  body: string;
  /**
   * `nesting`: refused by a nesting bound before any converter runs; `budget`: slow enough that a tight
   * parsing budget (1.5 s in test/hardening-parsing) always stops it; `slow`: about that tight budget, converted or stopped by it;
   * `converted`: a few hundred ms at most, converted.
   */
  outcome: 'nesting' | 'budget' | 'slow' | 'converted';
}

const repeated = (unit: string, length: number) =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

export const PATHOLOGICAL_BODIES: readonly PathologicalBody[] = [
  // 4.8 s in marked (links and emphasis searched for again from each `[`); 550 ms at 4 KB.
  { name: '[_a x 16 KB', format: 'markdown', body: repeated('[_a', 16 * 1024), outcome: 'budget' },
  // A stack overflow in marked past about 2,048 levels (a 500 before the pre-scan).
  { name: '> x 6 KB', format: 'markdown', body: repeated('>', 6 * 1024), outcome: 'nesting' },
  // The same past about 832 levels.
  { name: '"> - " x 6 KB', format: 'markdown', body: repeated('> - ', 6 * 1024), outcome: 'nesting' },
  // A list nested by indentation, 300 levels: 510 ms, then refused by the HTML depth.
  {
    name: 'list nested 300 levels by indentation',
    format: 'markdown',
    body: Array.from({ length: 300 }, (_, level) => `${' '.repeat(level * 2)}- a`).join('\n'),
    outcome: 'nesting',
  },
  // A stack overflow in marked's emphasis past a run of about 2,048.
  {
    name: '* x 4,000 around a word',
    format: 'markdown',
    body: `${'*'.repeat(4000)}a${'*'.repeat(4000)}`,
    outcome: 'nesting',
  },
  // Emphasis delimiters that never match: 180 ms.
  {
    name: '*a**a**a... 16 KB',
    format: 'markdown',
    body: `*a${repeated('**a', 16 * 1024)}`,
    outcome: 'converted',
  },
  // 430 to 950 ms.
  { name: '_a x 16 KB', format: 'markdown', body: repeated('_a', 16 * 1024), outcome: 'slow' },
  // 165 ms.
  { name: '< x 16 KB in Markdown', format: 'markdown', body: repeated('<', 16 * 1024), outcome: 'converted' },
  // Long link reference definitions: 32 ms for 64 KB.
  {
    name: 'link reference definitions 64 KB',
    format: 'markdown',
    body: repeated(`[a]: <${'b'.repeat(100)}>\n`, 64 * 1024),
    outcome: 'converted',
  },
  // HTML is read by one linear parser pass: 80 ms for 64 KB of `<`.
  { name: '< x 64 KB', format: 'html', body: repeated('<', 64 * 1024), outcome: 'converted' },
  { name: '<p> x 64 KB', format: 'html', body: repeated('<p>', 64 * 1024), outcome: 'converted' },
  // Stopped at element 129 by the sanitizer's own pass.
  { name: '<b><i> x 2,000', format: 'html', body: repeated('<b><i>', 12_000), outcome: 'nesting' },
];
