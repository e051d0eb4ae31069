import { randomBytes } from 'node:crypto';
import { signWebhook } from '../webhook-signature';
import type { PublishResponse } from '../contracts';
import type { PublishRequestInput } from '../publish-request';
import { checkPostEndpoint, DEFAULT_API_PREFIX, serviceEndpoints } from './endpoints';
import { isContractErrorBody, isServiceRequestError } from './errors';
import { deliverWebhook, webhookHeaders } from './deliver';
import { parseJsonOrUndefined, sendHttpRequest } from './http';
import { callService, integrationACalls } from './service-request';
import { pingResponseProblems, publishResponseProblems } from './response-shapes';
import {
  CHECK_SLUG,
  checkImagesRequest,
  checkPublishRequest,
  checkWebhookPayload,
} from './conformance-fixtures';

export type CheckOutcome = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  id: string;
  title: string;
  outcome: CheckOutcome;
  /** What was observed, or why the check failed or was skipped. */
  detail: string;
}

export interface ConformanceReport {
  /** True when no check failed. */
  ok: boolean;
  siteUrl: string;
  slug: string;
  checks: CheckResult[];
}

export interface ConformanceOptions {
  siteUrl: string;
  apiKey: string;
  apiPrefix?: string;
  /** Per request. Default 60 s: a publish may wait on an image download. */
  timeoutMs?: number;
  /** When given, the webhook receiver's signature handling is checked too. */
  webhook?: { url: string; secret: string };
  /** Called as each check ends, to show progress. */
  onResult?: (result: CheckResult) => void;
}

interface Step {
  id: string;
  title: string;
  /** Ids of steps that must have passed; otherwise this one is skipped. */
  requires?: string[];
  /** Resolves with what was observed; throws to fail. */
  run: () => Promise<string>;
}

/** A check's verdict, as opposed to an unexpected error of the request itself. */
class CheckFailed extends Error {}

function fail(message: string): never {
  throw new CheckFailed(message);
}

function describeFailure(error: unknown): string {
  if (isServiceRequestError(error)) return `${error.status ?? 'no answer'} ${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

const CHECK_TIMEOUT_MS = 60_000;
/** How a featured_image_result says the image was not attached (the spec leaves the wording free). */
const NOT_ATTACHED = /^\s*none\b|warn|fail|error|could not|unable|invalid|reject|skip/i;

/** Resolves when the call is refused with this status and contract code (spec 2.4 body included). */
async function expectRefusal(call: Promise<unknown>, status: number, code: string): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (!isServiceRequestError(error)) throw error;
    if (error.status !== status || error.code !== code)
      fail(`expected ${status} ${code}, got ${describeFailure(error)}`);
    const dataStatus = (error.body as { data?: { status?: unknown } } | undefined)?.data?.status;
    if (dataStatus !== status)
      fail(`${status} ${code}, but data.status is ${JSON.stringify(dataStatus)} (spec 2.4)`);
    return `${status} ${code}: ${error.message}`;
  }
  return fail(`expected ${status} ${code}, but the request succeeded`);
}

const shorten = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Runs the contract against a live site, in order, on one fixed draft slug so that repeated runs leave
 * a single draft: ping and key errors, validation, create, update by slug, images, status, and, when a
 * webhook URL and secret are given, the receiver's signature checks. Categories are never sent, so no
 * category is created on the site. Never rejects for a failed check: the report says what failed.
 */
export async function runConformanceCheck(options: ConformanceOptions): Promise<ConformanceReport> {
  const endpoints = serviceEndpoints(options.siteUrl, options.apiPrefix ?? DEFAULT_API_PREFIX);
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  const runId = new Date().toISOString();
  const { apiKey } = options;
  const calls = integrationACalls(endpoints, apiKey, timeoutMs);
  const ping = calls.pingWithKey;
  let post: PublishResponse | undefined;

  /** Publishes to the check slug and checks the answer's shape and resulting status. */
  async function publish(
    request: PublishRequestInput
  ): Promise<{ httpStatus: number; response: PublishResponse }> {
    const answer = await calls.publishPost(request);
    const problems = publishResponseProblems(answer.body);
    if (problems.length) fail(`HTTP ${answer.status}, but ${problems.join('; ')} (spec 2.2)`);
    const response = answer.body as PublishResponse;
    if (response.post_status !== request.status) {
      fail(`post_status is "${response.post_status}", expected "${request.status}"`);
    }
    return { httpStatus: answer.status, response };
  }

  function expectSamePost(response: PublishResponse): void {
    if (!post) return;
    if (response.post_id !== post.post_id) {
      fail(
        `post_id ${response.post_id} is not ${post.post_id}: the same slug made a second post instead of an update`
      );
    }
    if (post.document_id !== undefined && response.document_id !== post.document_id) {
      fail(`document_id ${response.document_id} is not ${post.document_id}`);
    }
  }

  /**
   * A step that publishes the check's post again (the request made when it runs): the answer must be
   * the same post; `verdict` says what else it showed.
   */
  function republishStep(
    id: string,
    title: string,
    request: () => PublishRequestInput,
    verdict: (httpStatus: number, response: PublishResponse) => string
  ): Step {
    return {
      id,
      title,
      requires: ['create'],
      run: async () => {
        const { httpStatus, response } = await publish(request());
        expectSamePost(response);
        return verdict(httpStatus, response);
      },
    };
  }

  /** The check's post republished with `status`, as revision `revision`. */
  const statusStep = (status: 'pending' | 'draft', revision: number) =>
    republishStep(
      `status-${status}`,
      `status ${status} -> post_status ${status}`,
      () => checkPublishRequest(`run ${runId}, revision ${revision}`, status),
      (httpStatus, response) => `${httpStatus}: post_status ${response.post_status}`
    );

  const steps: Step[] = [
    {
      id: 'ping',
      title: 'ping answers with the site details',
      run: async () => {
        const answer = await ping(apiKey);
        const problems = pingResponseProblems(answer.body);
        if (problems.length) fail(`HTTP ${answer.status}, but ${problems.join('; ')} (spec 2.3)`);
        const body = answer.body as { site_name: string; cms_version: string; cms?: string };
        return `${answer.status} success: "${body.site_name}", ${body.cms ? `${body.cms} ` : ''}${body.cms_version}`;
      },
    },
    {
      id: 'missing-key',
      title: 'no key -> 401 missing_api_key',
      requires: ['ping'],
      run: () => expectRefusal(ping(undefined), 401, 'missing_api_key'),
    },
    {
      id: 'wrong-key',
      title: 'wrong key -> 403 invalid_api_key',
      requires: ['ping'],
      // A random key, never a variation of the real one.
      run: () => expectRefusal(ping(`apk_check_${randomBytes(16).toString('hex')}`), 403, 'invalid_api_key'),
    },
    {
      id: 'missing-fields',
      title: 'publish without title/content -> 400 bad_request',
      requires: ['ping'],
      run: async () => {
        // The slug is the check's own, so a site that wrongly accepts this still touches only the check draft.
        const body = { slug: CHECK_SLUG, status: 'draft' };
        const call = calls.publishPost(body);
        const detail = await expectRefusal(call, 400, 'bad_request');
        if (!/title/i.test(detail) || !/content/i.test(detail)) {
          fail(`${detail} (spec 7: the message should say that title and content are required)`);
        }
        return detail;
      },
    },
    {
      id: 'create',
      title: 'draft on the check slug -> post_id, post_url, draft',
      requires: ['ping'],
      run: async () => {
        const { httpStatus, response } = await publish(checkPublishRequest(`run ${runId}, revision 1`));
        post = response;
        const what = httpStatus === 201 ? 'created' : 'updated the draft of an earlier run';
        return `${httpStatus}: ${what}, post_id ${response.post_id}, ${response.post_url}`;
      },
    },
    republishStep(
      'update',
      'same slug again -> same post updated',
      () => checkPublishRequest(`run ${runId}, revision 2`),
      (httpStatus, response) => `${httpStatus}: post_id ${response.post_id} updated`
    ),
    republishStep(
      'images',
      'featured image attached; failed inline image -> warning',
      () => checkImagesRequest(`run ${runId}, revision 3`),
      (httpStatus, response) => {
        const { imported, warnings } = response.inline_images_result;
        if (warnings.length === 0)
          fail('an inline image that cannot be fetched gave no inline_images_result.warnings');
        if (imported.length) fail('inline_images_result.imported lists an image that cannot be fetched');
        if (NOT_ATTACHED.test(response.featured_image_result)) {
          fail(
            `the featured image (a small PNG data URL) was not attached: ${response.featured_image_result}`
          );
        }
        return `${httpStatus}: featured "${shorten(response.featured_image_result, 60)}"; inline warning ${shorten(JSON.stringify(warnings[0]), 80)}`;
      }
    ),
    statusStep('pending', 4),
    statusStep('draft', 5),
    ...(options.webhook ? webhookSteps(options.webhook, runId, timeoutMs) : []),
    {
      id: 'cleanup',
      title: "remove the check's post (this plugin's own route)",
      requires: ['create'],
      run: async () => {
        const url = checkPostEndpoint(options.siteUrl, options.apiPrefix ?? DEFAULT_API_PREFIX);
        const answer = await callService({ url, method: 'DELETE', apiKey, timeoutMs }).catch(
          (error: unknown) => {
            // Not part of the contract: another receiver may not offer it, and then its draft stays.
            if (isServiceRequestError(error) && error.status === 404) return null;
            throw error;
          }
        );
        if (answer === null) return 'not offered by this site (404): the check draft stays';
        const removed = (answer.body as { removed?: unknown } | undefined)?.removed;
        if (typeof removed !== 'number')
          fail(`HTTP ${answer.status}, but no "removed" count: ${shorten(JSON.stringify(answer.body))}`);
        return `${answer.status}: ${removed} post removed`;
      },
    },
  ];

  const checks: CheckResult[] = [];
  const passed = new Set<string>();
  for (const step of steps) {
    const missing = step.requires?.find((id) => !passed.has(id));
    let result: CheckResult;
    if (missing) {
      result = {
        id: step.id,
        title: step.title,
        outcome: 'skip',
        detail: `skipped: "${missing}" did not pass`,
      };
    } else {
      try {
        result = { id: step.id, title: step.title, outcome: 'pass', detail: await step.run() };
        passed.add(step.id);
      } catch (error) {
        result = { id: step.id, title: step.title, outcome: 'fail', detail: describeFailure(error) };
      }
    }
    checks.push(result);
    options.onResult?.(result);
  }
  return {
    ok: checks.every((check) => check.outcome !== 'fail'),
    siteUrl: options.siteUrl,
    slug: CHECK_SLUG,
    checks,
  };
}

/** Spec 4.2 and 5 (integration B): only a body signed with the secret is accepted, and a repeat is fine. */
function webhookSteps(webhook: { url: string; secret: string }, runId: string, timeoutMs: number): Step[] {
  const payload = checkWebhookPayload(runId);
  const body = JSON.stringify(payload);
  let delivered: { body: string; signature: string } | undefined;

  const post = (signature: string | null, bytes = body) =>
    sendHttpRequest({
      url: webhook.url,
      method: 'POST',
      headers: webhookHeaders(payload.event, signature),
      body: bytes,
      timeoutMs,
    });
  const expectUnauthorized = async (signature: string | null) => {
    const response = await post(signature);
    const answer = parseJsonOrUndefined(response.text);
    const code = isContractErrorBody(answer) ? ` ${answer.code}` : '';
    if (response.status !== 401)
      fail(`expected 401, got ${response.status}${code}: ${shorten(response.text)}`);
    return `401${code}`;
  };

  return [
    {
      id: 'webhook-unsigned',
      title: 'webhook without signature -> 401',
      run: () => expectUnauthorized(null),
    },
    {
      id: 'webhook-bad-signature',
      title: 'webhook with a wrong signature -> 401',
      run: () => expectUnauthorized(signWebhook(body, `${webhook.secret}-not-the-secret`)),
    },
    {
      id: 'webhook-signed',
      title: 'signed webhook -> 2xx',
      run: async () => {
        const result = await deliverWebhook(webhook.url, payload, webhook.secret, {
          maxAttempts: 1,
          timeoutMs,
        });
        if (!result.delivered) fail(`${result.error}: ${shorten(result.response?.body ?? '')}`);
        delivered = { body: result.body, signature: result.signature };
        return `${result.response?.status}: ${shorten(result.response?.body ?? '')}`;
      },
    },
    {
      id: 'webhook-repeat',
      title: 'the same delivery again -> 2xx (idempotent)',
      requires: ['webhook-signed'],
      run: async () => {
        if (!delivered) return fail('no first delivery to repeat');
        const response = await post(delivered.signature, delivered.body);
        if (response.status < 200 || response.status >= 300)
          fail(`expected 2xx, got ${response.status}: ${shorten(response.text)}`);
        return `${response.status}: ${shorten(response.text)}`;
      },
    },
  ];
}
