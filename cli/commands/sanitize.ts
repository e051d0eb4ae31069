import { sanitizeArticleHtml } from '../../core/src/toolkit';
import { COMMON_OPTIONS, exactlyPositionals, parseCommandArgs } from '../args';
import type { Command } from '../command';
import { out, readStdin } from '../io';
import { EXIT_OK } from '../usage-error';

export const sanitizeCommand: Command = {
  name: 'sanitize',
  summary: "HTML on standard input, the plugin's sanitized HTML on standard output",
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
    // Written as is, with no newline added: the output is byte for byte what the plugin stores.
    out(sanitizeArticleHtml(html, { videoEmbedHosts: values['video-host'], allowHttpImages: values['allow-http-images'] }));
    return EXIT_OK;
  },
};
