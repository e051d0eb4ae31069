import fs from 'node:fs';
import path from 'node:path';
import { registerSuperAdmin } from './admin';
import { logInToAdmin } from './admin-login';
import { launchBrowser } from './browser';
import { createVersionedApp, npmIn, readStrapiRelease } from './fresh-app';
import { request, type HttpResponse } from './http';
import { repoRoot } from './paths';
import { startPlayground, type Playground } from './playground';
import { publishPost } from './service';
import { addContractParts, checkStrapiContract, CONTRACT_ENV } from './strapi-contract';
import { deliver } from './webhook';

/** What the compatibility check does with one Strapi release, in this order. */
export const COMPAT_STEPS = [
  'install',
  'admin build',
  'start',
  'ping',
  'publish',
  'webhook',
  'contract',
  'settings page',
] as const;
export type CompatStep = (typeof COMPAT_STEPS)[number];

/** One step's outcome: `ok` with what it showed (a status, "renders"), or the failure's first line. */
export interface StepOutcome {
  ok: boolean;
  detail: string;
}

export interface VersionResult {
  version: string;
  /** Steps after the first failure did not run and are absent. */
  steps: Partial<Record<CompatStep, StepOutcome>>;
  passed: boolean;
}

const SETTINGS_PATH = '/admin/settings/article-publisher';
/** Slow on a loaded machine (old releases start with more work); a step that hangs longer has failed. */
const START_TIMEOUT_MS = 240_000;
const PAGE_TIMEOUT_MS = 90_000;

const readExample = (name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'examples', name), 'utf8'));

/** Lines of npm's error output that only say where its log is. */
const NPM_LOG_POINTER = /complete log of this run|for a full report see|^npm error\s*(\/\S*)?$/i;

/**
 * The line of a failed command's output that says what went wrong: npm's error code with its first
 * message (`npm ERESOLVE: unable to resolve dependency tree`), else the last error line.
 */
function errorLine(error: unknown): string {
  const failure = error as { stdout?: string; stderr?: string; message?: string };
  const output = `${failure.stdout ?? ''}\n${failure.stderr ?? ''}\n${failure.message ?? ''}`;
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(
      (line) => /error/i.test(line) && !/^npm (warn|notice)/i.test(line) && !NPM_LOG_POINTER.test(line)
    );
  const codeAt = lines.findIndex((line) => /^npm error code \S+$/.test(line));
  const code = codeAt >= 0 ? lines[codeAt].split(' ').at(-1) : undefined;
  // npm repeats the code (or its HTTP status) at the start of the message: `npm error 404 No match ...`.
  const message =
    code && lines[codeAt + 1]?.replace(/^npm error\s+/, '').replace(new RegExp(`^(${code}|\\d{3})\\s+`), '');
  const line = message
    ? `npm ${code}: ${message}`
    : (lines.at(-1) ?? failure.message?.split('\n')[0] ?? String(error));
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/** A failed HTTP step: the status and the body's error message. */
const httpFailure = (response: HttpResponse): string =>
  `${response.status} ${String(response.json?.error?.message ?? response.text).slice(0, 120)}`;

/** Fails a step with this detail. */
class StepFailure extends Error {}

/**
 * Sets up a new app of Strapi `version` with the packed plugin (`tarball`) in `workDir`, as a site owner
 * would: `npm install <tarball>`, `npm run build` (the admin with the plugin's pages), start. Then the
 * quickstart against it: an administrator generates the key and the webhook secret, ping, publish the
 * example article (its images are data URLs, so the upload runs), a signed webhook delivery, Strapi's
 * behaviour the plugin relies on (test/helpers/strapi-contract.ts: the app also holds its probe and two
 * fixture types), and the settings page in a browser. Stops at the first failing step.
 */
export async function checkStrapiVersion(
  version: string,
  tarball: string,
  workDir: string,
  log: (line: string) => void = () => undefined
): Promise<VersionResult> {
  const appDir = path.join(workDir, `strapi-${version}`);
  const steps: VersionResult['steps'] = {};
  let site: Playground | undefined;
  const secrets = { key: '', webhookSecret: '', adminToken: '' };

  const actions: Record<CompatStep, () => Promise<string>> = {
    async install() {
      createVersionedApp(appDir, readStrapiRelease(version));
      // The contract step's probe and fixture types (test/helpers/strapi-contract.ts).
      addContractParts(appDir);
      npmIn(appDir, ['install', tarball]);
      const installed = JSON.parse(
        fs.readFileSync(path.join(appDir, 'node_modules', '@strapi', 'admin', 'package.json'), 'utf8')
      ).version;
      if (installed !== version) throw new StepFailure(`@strapi/admin ${installed} installed`);
      return 'ok';
    },
    async 'admin build'() {
      npmIn(appDir, ['run', 'build']);
      return 'ok';
    },
    async start() {
      site = await startPlayground({
        appDir,
        startTimeoutMs: START_TIMEOUT_MS,
        // Strapi's MCP server asked for: served by the releases that have one, ignored by the others.
        env: { SERVE_ADMIN_PANEL: 'true', PLAYGROUND_MCP: 'true', ...CONTRACT_ENV },
      });
      secrets.adminToken = await registerSuperAdmin(site.url);
      const auth = { authorization: `Bearer ${secrets.adminToken}` };
      const key = await request(`${site.url}/article-publisher/api-key`, { method: 'POST', headers: auth });
      const secret = await request(`${site.url}/article-publisher/webhook-secret`, {
        method: 'POST',
        headers: auth,
        body: {},
      });
      if (key.status !== 200) throw new StepFailure(`api-key: ${httpFailure(key)}`);
      if (secret.status !== 200) throw new StepFailure(`webhook-secret: ${httpFailure(secret)}`);
      secrets.key = key.json.key;
      secrets.webhookSecret = secret.json.secret;
      return 'ok';
    },
    async ping() {
      const url = `${site!.url}/api/service/v1/ping`;
      const response = await request(url, { headers: { 'X-Service-Key': secrets.key } });
      if (response.status !== 200 || response.json?.status !== 'success')
        throw new StepFailure(httpFailure(response));
      return String(response.status);
    },
    async publish() {
      const response = await publishPost(site!.url, secrets.key, readExample('first-article.json'));
      if (response.status !== 201 || response.json?.status !== 'success')
        throw new StepFailure(httpFailure(response));
      if (response.json.featured_image_result !== 'success')
        throw new StepFailure(`cover: ${JSON.stringify(response.json.featured_image_result)}`);
      return String(response.status);
    },
    async webhook() {
      const body = JSON.stringify(readExample('webhook-payload.json'));
      const response = await deliver(site!.url, body, secrets.webhookSecret);
      if (response.status !== 200) throw new StepFailure(httpFailure(response));
      return String(response.status);
    },
    /** Strapi's behaviour the plugin relies on beyond its plugin API (test/strapi-contract.test.ts). */
    async contract() {
      const failures = await checkStrapiContract({
        url: site!.url,
        adminToken: secrets.adminToken,
        databaseClient: 'sqlite',
        output: () => site!.output(),
      });
      if (failures.length)
        throw new StepFailure(`${failures.length} fact(s) fail; first: ${failures[0].message}`);
      return 'holds';
    },
    async 'settings page'() {
      const browser = await launchBrowser();
      try {
        const page = await logInToAdmin(browser, site!.url, 'owner@example.com');
        await page.goto(`${site!.url}${SETTINGS_PATH}`);
        await page.getByTestId('api-key-status').waitFor({ timeout: PAGE_TIMEOUT_MS });
        return 'renders';
      } finally {
        await browser.close();
      }
    },
  };

  try {
    for (const step of COMPAT_STEPS) {
      log(`Strapi ${version}: ${step}...`);
      try {
        steps[step] = { ok: true, detail: await actions[step]() };
      } catch (error) {
        const detail = error instanceof StepFailure ? error.message : errorLine(error);
        steps[step] = { ok: false, detail };
        log(`Strapi ${version}: ${step} failed: ${detail}`);
        if (!(error instanceof StepFailure)) log(String((error as Error).message ?? error).slice(-3000));
        if (site) log(site.output().slice(-2000));
        break;
      }
    }
  } finally {
    await site?.stop();
  }
  const passed = COMPAT_STEPS.every((step) => steps[step]?.ok);
  return { version, steps, passed };
}

/** A Markdown table of results: one row per version, one column per step. */
export function compatTable(results: { result: VersionResult; checkedOn?: string }[]): string {
  const header = [
    'Strapi',
    ...COMPAT_STEPS,
    'result',
    ...(results.some((r) => r.checkedOn) ? ['checked'] : []),
  ];
  const cell = (outcome: StepOutcome | undefined) =>
    outcome === undefined
      ? '-'
      : outcome.ok
        ? outcome.detail
        : `**fails**: ${outcome.detail.replace(/\|/g, '\\|')}`;
  const rows = results.map(({ result, checkedOn }) => [
    result.version,
    ...COMPAT_STEPS.map((step) => cell(result.steps[step])),
    result.passed ? 'passes' : '**fails**',
    ...(checkedOn ? [checkedOn] : []),
  ]);
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}
