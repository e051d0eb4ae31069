import { exactlyPositionals, parseSiteCommandArgs } from '../args';
import type { Command } from '../command';
import { out, printJson } from '../io';
import { clientFor, SITE_USAGE } from '../site-client';
import { EXIT_OK } from '../usage-error';

export const pingCommand: Command = {
  name: 'ping',
  summary: 'check the plugin, the site and the key',
  usage: `article-publisher ping --site URL --key KEY [--json]\n\n${SITE_USAGE}`,
  async run(args) {
    const { values, positionals } = parseSiteCommandArgs(args, {});
    exactlyPositionals(positionals, []);
    const answer = await clientFor(values).ping();
    if (values.json) {
      printJson(answer);
      return EXIT_OK;
    }
    const cms = answer.cms ? `${answer.cms} ${answer.cms_version}` : answer.cms_version;
    out(`OK  "${answer.site_name}" at ${answer.site_url}, ${cms}\n`);
    if (answer.plugin_version)
      out(`    plugin ${answer.plugin_version}, articles go to ${answer.target_content_type}\n`);
    for (const problem of answer.target_problems ?? []) out(`    problem: ${problem}\n`);
    return EXIT_OK;
  },
};
