import { CHECK_SLUG, runConformanceCheck, serviceEndpoints } from '../../core/src/toolkit';
import { exactlyPositionals, httpUrl, parseSiteCommandArgs } from '../args';
import { formatCheckHeader, formatCheckRow, formatCheckSummary } from '../check-table';
import type { Command } from '../command';
import { out, printJson } from '../io';
import { resolveSiteOptions, SITE_USAGE } from '../site-client';
import { EXIT_FAILURE, EXIT_OK, UsageError } from '../usage-error';
import { WEBHOOK_SECRET_VARIABLE } from './webhook';

/**
 * The webhook to check: --webhook-url with --secret (or the secret from the environment). A secret alone
 * checks the site's own webhook route, so the quickstart's `check --site` covers the webhook too.
 */
function resolveWebhook(
  url: string | undefined,
  secret: string | undefined,
  site: { siteUrl: string; apiPrefix?: string }
) {
  const resolvedSecret = secret ?? process.env[WEBHOOK_SECRET_VARIABLE];
  if (!url && !resolvedSecret) return undefined;
  if (!resolvedSecret) throw new UsageError(`--webhook-url needs --secret (or ${WEBHOOK_SECRET_VARIABLE}).`);
  const webhookUrl = url
    ? httpUrl(url, 'webhook-url')
    : serviceEndpoints(site.siteUrl, site.apiPrefix).webhook;
  return { url: webhookUrl, secret: resolvedSecret };
}

export const checkCommand: Command = {
  name: 'check',
  summary: 'run the contract against a live site and print a pass/fail table',
  usage: `article-publisher check --site URL --key KEY [--secret S] [--webhook-url URL] [--json]

Writes only one draft, "${CHECK_SLUG}", which every run updates. Exit code 0 when
every check passes, 1 when one fails.

${SITE_USAGE}
  --webhook-url URL   the webhook receiver to check (default: the site's own webhook route)
  --secret S          the webhook secret (or set ${WEBHOOK_SECRET_VARIABLE}); with a secret,
                      the webhook's signature handling is checked too`,
  async run(args) {
    const { values, positionals } = parseSiteCommandArgs(args, {
      'webhook-url': { type: 'string' },
      secret: { type: 'string' },
    });
    exactlyPositionals(positionals, []);
    const site = resolveSiteOptions(values);
    const webhook = resolveWebhook(values['webhook-url'], values.secret, site);

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
