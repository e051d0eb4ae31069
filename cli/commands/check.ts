import { CHECK_SLUG, runConformanceCheck } from '../../core/src/toolkit';
import { COMMON_OPTIONS, exactlyPositionals, httpUrl, parseCommandArgs, SITE_OPTIONS } from '../args';
import { formatCheckHeader, formatCheckRow, formatCheckSummary } from '../check-table';
import type { Command } from '../command';
import { out, printJson } from '../io';
import { resolveSiteOptions, SITE_USAGE } from '../site-client';
import { EXIT_FAILURE, EXIT_OK, UsageError } from '../usage-error';
import { WEBHOOK_SECRET_VARIABLE } from './webhook';

/** --webhook-url and --secret go together; the secret may come from the environment. */
function resolveWebhook(url: string | undefined, secret: string | undefined) {
  if (!url && secret) throw new UsageError('--secret needs --webhook-url.');
  if (!url) return undefined;
  const resolvedSecret = secret ?? process.env[WEBHOOK_SECRET_VARIABLE];
  if (!resolvedSecret) throw new UsageError(`--webhook-url needs --secret (or ${WEBHOOK_SECRET_VARIABLE}).`);
  return { url: httpUrl(url, 'webhook-url'), secret: resolvedSecret };
}

export const checkCommand: Command = {
  name: 'check',
  summary: 'run the contract against a live site and print a pass/fail table',
  usage: `article-publisher check --site URL --key KEY [--webhook-url URL --secret S] [--json]

Writes only one draft, "${CHECK_SLUG}", which every run updates. Exit code 0 when
every check passes, 1 when one fails.

${SITE_USAGE}
  --webhook-url URL   also check the webhook receiver's signature handling
  --secret S          the webhook secret (or set ${WEBHOOK_SECRET_VARIABLE})`,
  async run(args) {
    const { values, positionals } = parseCommandArgs(args, {
      ...COMMON_OPTIONS,
      ...SITE_OPTIONS,
      'webhook-url': { type: 'string' },
      secret: { type: 'string' },
    });
    exactlyPositionals(positionals, []);
    const site = resolveSiteOptions(values);
    const webhook = resolveWebhook(values['webhook-url'], values.secret);

    if (!values.json) out(formatCheckHeader(site.siteUrl, CHECK_SLUG, webhook?.url));
    const report = await runConformanceCheck({
      ...site,
      webhook,
      onResult: values.json ? undefined : (result) => out(formatCheckRow(result)),
    });
    if (values.json) printJson(report);
    else out(formatCheckSummary(report));
    return report.ok ? EXIT_OK : EXIT_FAILURE;
  },
};
