import { PRESET_OPTIONS } from '../endpoints';
import { definePreset } from '../preset';
import { oneArticle, testDelivery } from '../preset-helpers/deliveries';
import { flatArticle, member } from '../preset-helpers/fields';

/**
 * RankPill: in signature mode the HMAC of the body comes twice, as bare hex in X-RankPill-Signature
 * and as `sha256=<hex>` in Authorization (either is enough); in Bearer mode the secret is a Bearer
 * token. No id: the slug, which never changes, is the key. `test: true` writes nothing.
 */
export const rankpillPreset = definePreset(PRESET_OPTIONS.rankpill, {
  name: 'rankpill',
  auth: (options) =>
    options.auth === 'bearer'
      ? { kind: 'bearer' }
      : {
          kind: 'any',
          schemes: [
            { kind: 'hmac', header: 'X-RankPill-Signature', format: 'either' },
            { kind: 'hmac', header: 'Authorization', format: 'sha256=' },
          ],
        },
  read(body, _request, options) {
    if (member(body, 'test') === true) return testDelivery('test');
    const event = member(body, 'is_republish') === true ? 'republish' : 'publish';
    return oneArticle(event, body, options.status, () => ({
      ...flatArticle(body),
      imageUrl: member(body, 'featured_image'),
      status: member(body, 'status'),
      publishedAt: member(body, 'scheduled_date') ?? member(body, 'published_at'),
    }));
  },
});
