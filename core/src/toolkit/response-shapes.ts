/** Field-by-field checks of the contract's success bodies, naming what is wrong (used by the conformance check). */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isHttpUrl = (value: unknown) =>
  typeof value === 'string' && /^https?:\/\//i.test(value) && URL.canParse(value);

/** Problems with a ping answer (spec 2.3); empty when it conforms. */
export function pingResponseProblems(body: unknown): string[] {
  if (!isObject(body)) return ['the body is not a JSON object'];
  const problems: string[] = [];
  if (body.status !== 'success') problems.push(`status is ${JSON.stringify(body.status)}, not "success"`);
  for (const field of ['site_name', 'cms_version']) {
    if (typeof body[field] !== 'string') problems.push(`${field} is not a string`);
  }
  if (!isHttpUrl(body.site_url)) problems.push('site_url is not an http(s) URL');
  return problems;
}

/** Problems with a publish answer (spec 2.2); empty when it conforms. */
export function publishResponseProblems(body: unknown): string[] {
  if (!isObject(body)) return ['the body is not a JSON object'];
  const problems: string[] = [];
  if (body.status !== 'success') problems.push(`status is ${JSON.stringify(body.status)}, not "success"`);
  if (!Number.isInteger(body.post_id)) problems.push('post_id is not an integer');
  if (!isHttpUrl(body.post_url)) problems.push('post_url is not an http(s) URL');
  if (typeof body.post_status !== 'string') problems.push('post_status is not a string');
  if (!Array.isArray(body.categories) || !body.categories.every((name) => typeof name === 'string')) {
    problems.push('categories is not an array of strings');
  }
  if (typeof body.featured_image_result !== 'string') problems.push('featured_image_result is not a string');
  const inline = body.inline_images_result;
  if (!isObject(inline)) {
    problems.push('inline_images_result is not an object');
  } else {
    if (!Array.isArray(inline.imported)) problems.push('inline_images_result.imported is not an array');
    if (!Array.isArray(inline.warnings)) problems.push('inline_images_result.warnings is not an array');
  }
  return problems;
}
