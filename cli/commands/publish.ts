import type { PublishRequestInput } from '../../core/src/toolkit';
import { COMMON_OPTIONS, exactlyPositionals, parseCommandArgs, SITE_OPTIONS } from '../args';
import type { Command } from '../command';
import { out, printJson, readJsonObject } from '../io';
import { clientFor, SITE_USAGE } from '../site-client';
import { EXIT_OK } from '../usage-error';

export const publishCommand: Command = {
  name: 'publish',
  summary: 'create or update a post from a JSON publish request (the publishing API)',
  usage: `article-publisher publish FILE --site URL --key KEY [--json]

  FILE                a JSON publish request (title, content, slug, status, ...); - reads standard input
${SITE_USAGE}`,
  async run(args) {
    const { values, positionals } = parseCommandArgs(args, { ...COMMON_OPTIONS, ...SITE_OPTIONS });
    const [file] = exactlyPositionals(positionals, ['FILE']);
    const client = clientFor(values);
    // The site validates the request and names every offending field; it is sent as written.
    const request = (await readJsonObject(file)) as unknown as PublishRequestInput;
    const answer = await client.publishPost(request);
    if (values.json) {
      printJson(answer);
      return EXIT_OK;
    }
    const { imported, warnings } = answer.inline_images_result;
    out(`OK  post ${answer.post_id} (${answer.post_status}) ${answer.post_url}\n`);
    if (answer.categories.length) out(`    categories: ${answer.categories.join(', ')}\n`);
    out(`    featured image: ${answer.featured_image_result}\n`);
    out(`    inline images: ${imported.length} imported, ${warnings.length} warning(s)\n`);
    for (const warning of warnings)
      out(`    warning: ${typeof warning === 'string' ? warning : JSON.stringify(warning)}\n`);
    return EXIT_OK;
  },
};
