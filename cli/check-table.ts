import type { CheckOutcome, CheckResult, ConformanceReport } from '../core/src/toolkit';

const LABELS: Record<CheckOutcome, string> = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' };
const TITLE_WIDTH = 58;

/** One row of the pass/fail table: outcome, check, what was observed. */
export function formatCheckRow(result: CheckResult): string {
  return `  ${LABELS[result.outcome]}  ${result.title.padEnd(TITLE_WIDTH)}  ${result.detail}\n`;
}

export function formatCheckHeader(siteUrl: string, slug: string, webhookUrl: string | undefined): string {
  const webhook = webhookUrl
    ? `\n  webhook: ${webhookUrl}`
    : '\n  webhook: not checked (give --webhook-url and --secret)';
  return `Article Publisher conformance check\n  site: ${siteUrl}   draft slug: ${slug}${webhook}\n\n`;
}

export function formatCheckSummary(report: ConformanceReport): string {
  const count = (outcome: CheckOutcome) => report.checks.filter((check) => check.outcome === outcome).length;
  const verdict = report.ok
    ? 'The site honours the contract.'
    : 'The site does not honour the contract (see FAIL above).';
  return `\n${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped. ${verdict}\n`;
}
