/** The Query Engine's `where` of a plain lookup (server/src/strapi/plain-lookups.ts), and where it leaves the read to the Document Service. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { versionWhere } from '../src/strapi/plain-lookups';

const type = (draftAndPublish: boolean, localized: boolean) => ({
  uid: 'api::post.post',
  draftAndPublish,
  localized,
});
const filters = { slug: 'a-post' };

describe('a plain lookup’s rows', () => {
  it('a draft is the row without publishedAt, a published version the row with one, in the locale asked for', () => {
    assert.deepEqual(versionWhere(type(true, true), { filters, status: 'draft', locale: 'fr' }), {
      slug: 'a-post',
      publishedAt: null,
      locale: 'fr',
    });
    assert.deepEqual(versionWhere(type(true, false), { filters, status: 'published', locale: undefined }), {
      slug: 'a-post',
      publishedAt: { $notNull: true },
    });
  });

  it('a type without drafts is read whatever the status; a type not localized whatever the locale', () => {
    assert.deepEqual(versionWhere(type(false, false), { filters, status: 'draft', locale: 'fr' }), filters);
  });

  it('a localized type read without a locale is left to the Document Service (i18n picks the default locale)', () => {
    assert.equal(versionWhere(type(true, true), { filters, status: 'draft', locale: undefined }), undefined);
  });
});
