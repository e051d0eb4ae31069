import type { AuthScheme } from '../auth';
import { mapCustomArticle } from '../custom-mapping';
import { PRESET_OPTIONS } from '../endpoints';
import { readPath } from '../json-path';
import { definePreset } from '../preset';
import { mappedArticlesOf, testDelivery } from '../preset-helpers/deliveries';
import { withdrawal } from '../withdrawal';

/**
 * Custom: a service nobody documented. The owner says how it authenticates (Bearer, a header of their
 * naming, an HMAC of the body, or none), where the articles are (one object or an array), where the
 * event is and which events are tests, unpublish or delete events, and the path of each article field
 * (an unpublish or delete event's posts are found by the `externalId` and `slug` paths).
 */
export const customPreset = definePreset(PRESET_OPTIONS.custom, {
  name: 'custom',
  auth: (options): AuthScheme => options.auth,
  read(body, _request, options) {
    const eventValue = options.event ? readPath(body, options.event) : undefined;
    const event = typeof eventValue === 'string' ? eventValue : 'publish';
    if (options.testEvents?.includes(event)) return testDelivery(event);
    const found = options.articles ? readPath(body, options.articles) : body;
    const items = Array.isArray(found) ? found : [found];
    const withdrawn = options.unpublishEvents?.includes(event)
      ? 'unpublish'
      : options.deleteEvents?.includes(event)
        ? 'delete'
        : undefined;
    if (withdrawn) {
      const at = (item: unknown, path: string | undefined) => (path ? readPath(item, path) : undefined);
      return withdrawal(event, withdrawn, options.onDelete, items, (item) => ({
        externalId: at(item, options.fields.externalId),
        slug: at(item, options.fields.slug),
      }));
    }
    return {
      kind: 'articles',
      event,
      articles: mappedArticlesOf(items, options.status, (item) => mapCustomArticle(item, options.fields)),
    };
  },
});
