/**
 * WordPress's authorize-application flow (wp-admin/authorize-application.php), framework-free: the
 * admin page and the unit tests share it. Plain code only: the admin bundle imports this file.
 */

/** The query of `/admin/settings/article-publisher/authorize-application?...`. */
export interface AuthorizeApplicationRequest {
  appName: string;
  appId: string;
  successUrl: string;
  rejectUrl: string;
}

/** Reads the query parameters WordPress's page takes (each optional, as there). */
export function authorizeApplicationRequest(search: URLSearchParams): AuthorizeApplicationRequest {
  const read = (name: string) => (search.get(name) ?? '').trim();
  return {
    appName: read('app_name'),
    appId: read('app_id'),
    successUrl: read('success_url'),
    rejectUrl: read('reject_url'),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Loopback literals WordPress accepts over plain http in every environment (not `localhost`). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]']);

/**
 * Why a redirect address is refused, or null. The password travels in its query, so it must be https;
 * plain http only to a loopback address literal (an application on the admin's own machine), as
 * WordPress allows in every environment. Stricter than WordPress: no custom app schemes (`myapp://`),
 * since this flow is for web services.
 */
export function redirectUrlProblem(value: string, which: 'success' | 'reject'): string | null {
  const label = which === 'success' ? 'The success URL' : 'The rejection URL';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${label} is not a valid absolute URL.`;
  }
  if (url.protocol === 'https:' && url.hostname) return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return `${label} must be served over a secure connection (https).`;
}

/** Every reason the request is refused (empty when it may be shown for approval), as WordPress lists them. */
export function authorizeApplicationProblems(request: AuthorizeApplicationRequest): string[] {
  const problems: string[] = [];
  if (!request.appName) problems.push('The application did not give its name (app_name).');
  if (request.appName.length > 100) problems.push('The application name is longer than 100 characters.');
  if (request.successUrl) {
    const problem = redirectUrlProblem(request.successUrl, 'success');
    if (problem) problems.push(problem);
  }
  if (request.rejectUrl) {
    const problem = redirectUrlProblem(request.rejectUrl, 'reject');
    if (problem) problems.push(problem);
  }
  if (request.appId && !UUID.test(request.appId))
    problems.push('The application id (app_id) must be a UUID.');
  return problems;
}

/**
 * Where an approval sends the browser: `success_url` with the credentials WordPress adds. The password
 * goes without the spaces of its groups, as WordPress sends it.
 */
export function approvedRedirectUrl(
  successUrl: string,
  credentials: { siteUrl: string; userLogin: string; password: string }
): string {
  const url = new URL(successUrl);
  url.searchParams.set('site_url', credentials.siteUrl);
  url.searchParams.set('user_login', credentials.userLogin);
  url.searchParams.set('password', credentials.password.replace(/\s/g, ''));
  return url.toString();
}

/** Where a refusal sends the browser: `reject_url` with `success=false`. */
export function rejectedRedirectUrl(rejectUrl: string): string {
  const url = new URL(rejectUrl);
  url.searchParams.set('success', 'false');
  return url.toString();
}
