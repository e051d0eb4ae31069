/** The Document Service's status and locale rules for the publish path's plain lookups (server/src/utils/documents.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lookupWhere } from '../src/utils/documents';

describe('lookupWhere: a Document Service lookup as a Query Engine where', () => {
  it('reads the draft or the published row of a type with draft and publish', () => {
    const type = { draftAndPublish: true, localized: false };
    assert.deepEqual(lookupWhere(type, 'draft', undefined), { publishedAt: { $null: true } });
    assert.deepEqual(lookupWhere(type, 'published', undefined), { publishedAt: { $notNull: true } });
  });

  it('ignores the status of a type without draft and publish, as the Document Service does', () => {
    assert.deepEqual(lookupWhere({ draftAndPublish: false, localized: false }, 'draft', 'fr'), {});
  });

  it('reads the rows of the locale of a localized type, and leaves a missing locale to the Document Service', () => {
    const type = { draftAndPublish: true, localized: true };
    assert.deepEqual(lookupWhere(type, 'published', 'fr'), { publishedAt: { $notNull: true }, locale: 'fr' });
    // Its default locale is Strapi's to know: that lookup goes through the Document Service.
    assert.equal(lookupWhere(type, 'draft', undefined), undefined);
  });
});
