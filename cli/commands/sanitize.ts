import { sanitizeArticleHtml } from '../../core/src/toolkit';
import { COMMON_OPTIONS, exactlyPositionals, parseCommandArgs } from '../args';
import type { Command } from '../command';
import { out, readStdin } from '../io';
import { EXIT_OK } from '../usage-error';

export const sanitizeCommand: Command = {
  name: 'sanitize',
  summary: 'HTML on standard input, the HTML the plugin would store on standard output',
  usage: `article-publisher sanitize [--video-host PREFIX]... [--allow-http-images] < article.html

  --video-host PREFIX   an allowed iframe src prefix (repeatable; default the YouTube embed paths)
  --allow-http-images   keep http: image sources (local testing only)`,
  async run(args) {
    const { values, positionals } = parseCommandArgs(args, {
      help: COMMON_OPTIONS.help,
      'video-host': { type: 'string', multiple: true },
      'allow-http-images': { type: 'boolean' },
    });
    exactlyPositionals(positionals, []);
    const html = (await readStdin()).toString('utf8');
    const options = { videoEmbedHosts: values['video-host'], allowHttpImages: values['allow-http-images'] };
    // Trimmed and written with no newline added, as the plugin's normalizeArticle stores it: the output is
    // byte for byte the stored body (test/cli-check.test.ts compares them).
    out(sanitizeArticleHtml(html, options).trim());
    return EXIT_OK;
  },
};
