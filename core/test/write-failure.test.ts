import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeValidationFailure } from '../src/write-failure';

/** Built the way @strapi/utils builds its ValidationError (name, message, details.errors). */
function strapiValidationError(message: string, errors: { path: string[]; message: string }[]) {
  return Object.assign(new Error(message), { name: 'ValidationError', details: { errors } });
}

describe('describeValidationFailure', () => {
  it("names every refused field with Strapi's reason", () => {
    const error = strapiValidationError('2 errors occurred', [
      { path: ['title'], message: 'title must be at most 255 characters' },
      { path: ['seo', 'metaTitle'], message: 'metaTitle must be defined' },
    ]);
    assert.equal(
      describeValidationFailure(error),
      'title: title must be at most 255 characters; seo.metaTitle: metaTitle must be defined'
    );
  });

  it('falls back to the message when no field is named', () => {
    assert.equal(
      describeValidationFailure(strapiValidationError('Document with id "x" not found', [])),
      'Document with id "x" not found'
    );
  });

  it('is undefined for any other failure', () => {
    assert.equal(describeValidationFailure(new Error('connection reset')), undefined);
    assert.equal(describeValidationFailure({ name: 'ValidationError', message: 'not an Error' }), undefined);
  });
});
