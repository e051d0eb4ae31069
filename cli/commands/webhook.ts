import { deliverWebhook, signWebhook, type DeliveryAttempt } from '../../core/src/toolkit';
import {
  COMMON_OPTIONS,
  exactlyPositionals,
  httpUrl,
  parseCommandArgs,
  positiveInteger,
  requiredOption,
} from '../args';
import type { Command } from '../command';
import { err, out, printJson, readJsonObject, readStdin } from '../io';
import { EXIT_FAILURE, EXIT_OK, UsageError } from '../usage-error';

export const WEBHOOK_SECRET_VARIABLE = 'ARTICLE_PUBLISHER_WEBHOOK_SECRET';

const SECRET_USAGE = `  --secret S          the webhook secret (or set ${WEBHOOK_SECRET_VARIABLE})`;

/** `webhook sign`: the lowercase hex HMAC-SHA256 of standard input's exact bytes. */
async function sign(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    help: COMMON_OPTIONS.help,
    secret: { type: 'string' },
  });
  exactlyPositionals(positionals, []);
  const secret = requiredOption(values.secret, 'secret', WEBHOOK_SECRET_VARIABLE);
  out(`${signWebhook(await readStdin(), secret)}\n`);
  return EXIT_OK;
}

function describeAttempt(attempt: DeliveryAttempt): string {
  const outcome = attempt.status === null ? attempt.error : `HTTP ${attempt.status}`;
  const next = attempt.delayMs === null ? '' : `, retrying in ${(attempt.delayMs / 1000).toFixed(1)} s`;
  return `attempt ${attempt.attempt}: ${outcome}${next}\n`;
}

/** `webhook send`: a signed delivery with retries, as the service makes it. */
async function send(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    ...COMMON_OPTIONS,
    url: { type: 'string' },
    secret: { type: 'string' },
    'max-attempts': { type: 'string' },
    'timeout-ms': { type: 'string' },
  });
  const [file] = exactlyPositionals(positionals, ['FILE']);
  const url = httpUrl(requiredOption(values.url, 'url'), 'url');
  const secret = requiredOption(values.secret, 'secret', WEBHOOK_SECRET_VARIABLE);
  const maxAttempts = positiveInteger(values['max-attempts'], 'max-attempts');
  const timeoutMs = positiveInteger(values['timeout-ms'], 'timeout-ms');
  const payload = await readJsonObject(file);

  const result = await deliverWebhook(url, payload, secret, {
    maxAttempts,
    timeoutMs,
    // Progress goes to stderr so that --json output stays parseable.
    onAttempt: (attempt) => err(describeAttempt(attempt)),
  });
  if (values.json) {
    const { body: _sentBody, ...summary } = result;
    printJson(summary);
  } else if (result.delivered) {
    out(`Delivered: HTTP ${result.response?.status} ${result.response?.body ?? ''}\n`);
  } else {
    out(`Not delivered: ${result.error}\n`);
    if (result.response?.body) out(`Last answer: ${result.response.body}\n`);
  }
  return result.delivered ? EXIT_OK : EXIT_FAILURE;
}

export const webhookCommand: Command = {
  name: 'webhook',
  summary: 'sign a body, or send a signed webhook delivery with retries',
  usage: `article-publisher webhook sign --secret S < body.json
article-publisher webhook send FILE --url URL --secret S [--max-attempts N] [--timeout-ms MS] [--json]

  sign                prints the lowercase hex HMAC-SHA256 of standard input's exact bytes
  send FILE           POSTs the JSON payload in FILE, signed, with the webhook headers; retries
                      network errors, timeouts, 408, 429 and 5xx with backoff, honouring Retry-After
  --url URL           the receiver's address
${SECRET_USAGE}`,
  async run(args) {
    const [subcommand, ...rest] = args;
    if (subcommand === 'sign') return sign(rest);
    if (subcommand === 'send') return send(rest);
    throw new UsageError(
      subcommand ? `unknown webhook command "${subcommand}".` : 'webhook needs a command: sign or send.'
    );
  },
};
