import type { AuthScheme } from '../auth';
import { CUSTOM_FIELDS, PRESET_OPTIONS } from '../endpoints';
import type { HookArticle } from '../hook-article';
import { readPath } from '../json-path';
import { articlesOf, definePreset, ignored } from '../preset';

/**
 * Custom: a service nobody documented. The owner says how it authenticates (Bearer, a header of their
 * naming, an HMAC of the body, or none), where the articles are (one object or an array), where the
 * event is and which events are tests, and the path of each article field.
 */
export const customPreset = definePreset(PRESET_OPTIONS.custom, {
  name: 'custom',
  auth: (options): AuthScheme => options.auth,
  read(body, _request, options) {
    const eventValue = options.event ? readPath(body, options.event) : undefined;
    const event = typeof eventValue === 'string' ? eventValue : 'publish';
    if (options.testEvents?.includes(event)) return ignored(event, 'a test delivery: nothing is written');
    const found = options.articles ? readPath(body, options.articles) : body;
    const items = Array.isArray(found) ? found : [found];
    const pick = (item: unknown): HookArticle =>
      Object.fromEntries(
        CUSTOM_FIELDS.flatMap((field) => {
          const path = options.fields[field];
          return path ? [[field, readPath(item, path)]] : [];
        })
      );
    return { kind: 'articles', event, articles: articlesOf(items, pick, options.status) };
  },
});
