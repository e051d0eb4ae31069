import type { DryRunResponse } from '../../core/src/dry-run';
import type { PublishRequestInput } from '../../core/src/toolkit';
import { exactlyPositionals, parseSiteCommandArgs } from '../args';
import type { Command } from '../command';
import { out, printJson, readJsonObject } from '../io';
import { clientFor, SITE_USAGE } from '../site-client';
import { EXIT_OK } from '../usage-error';

export const publishCommand: Command = {
  name: 'publish',
  summary: 'create or update a post from a JSON publish request (the publishing API)',
  usage: `article-publisher publish FILE --site URL --key KEY [--locale CODE] [--dry-run] [--json]

  FILE                a JSON publish request (title, content, slug, status, locale, ...); - reads standard input
  --locale CODE       the language the article is written in, on a localized site (sets the request's locale)
  --dry-run           show where each part would land and the fitted values; fetch and write nothing
${SITE_USAGE}`,
  async run(args) {
    const { values, positionals } = parseSiteCommandArgs(args, {
      'dry-run': { type: 'boolean' },
      locale: { type: 'string' },
    });
    const [file] = exactlyPositionals(positionals, ['FILE']);
    const client = clientFor(values);
    // The site validates the request and names every offending field; it is sent as written.
    const request = (await readJsonObject(file)) as unknown as PublishRequestInput;
    if (values.locale !== undefined) request.locale = values.locale;
    if (values['dry-run']) {
      printDryRun(await client.dryRun(request), values.json === true);
      return EXIT_OK;
    }
    const answer = await client.publishPost(request);
    if (values.json) {
      printJson(answer);
      return EXIT_OK;
    }
    const { imported, warnings } = answer.inline_images_result;
    const inLocale = answer.locale ? ` in ${answer.locale}` : '';
    out(`OK  post ${answer.post_id} (${answer.post_status})${inLocale} ${answer.post_url}\n`);
    if (answer.categories.length) out(`    categories: ${answer.categories.join(', ')}\n`);
    out(`    featured image: ${answer.featured_image_result}\n`);
    out(`    inline images: ${imported.length} imported, ${warnings.length} warning(s)\n`);
    for (const warning of warnings)
      out(`    warning: ${typeof warning === 'string' ? warning : JSON.stringify(warning)}\n`);
    return EXIT_OK;
  },
};

/** The dry run's answer: the JSON as is, or the mapping, the values and the warnings for a person. */
function printDryRun(answer: DryRunResponse, json: boolean): void {
  if (json) {
    printJson(answer);
    return;
  }
  const { target } = answer;
  out(
    `DRY RUN  would ${answer.action} an entry of ${target.content_type} (nothing was fetched or written)\n`
  );
  out(
    `    body: ${target.body_field ?? '(none)'} as ${target.body_format ?? '-'}; upsert key: ${target.upsert_key}\n`
  );
  for (const [role, field] of Object.entries(target.mapping)) if (field) out(`    ${role} -> ${field}\n`);
  out(`    values: ${JSON.stringify(answer.values, null, 2).replace(/\n/g, '\n    ')}\n`);
  if (answer.categories.length) out(`    categories: ${answer.categories.join(', ')}\n`);
  if (answer.tags.length) out(`    tags: ${answer.tags.join(', ')}\n`);
  out(
    `    images to import: ${answer.images.featured_image ? 1 : 0} featured, ${answer.images.inline.length} inline\n`
  );
  for (const warning of answer.warnings) out(`    warning: ${warning}\n`);
}
