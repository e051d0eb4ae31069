/** BODY_WRITERS: each body format's row says what the format needs of the rest of the publish (issue #44). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BODY_WRITERS } from '../src/body-formats';

/** The row of each format, less its converter. */
const needs = (format: keyof typeof BODY_WRITERS) => {
  const { write: _write, ...row } = BODY_WRITERS[format];
  return row;
};

describe('BODY_WRITERS rows', () => {
  it('HTML: written on the event loop (one pass over the string), from the HTML, stored as its value', () => {
    assert.deepEqual(needs('html'), {
      needsLibraryFiles: false,
      readsTree: false,
      offThread: false,
      storedAsJson: false,
      crossesAsText: true,
      keepsExistingValue: false,
    });
  });

  it('Markdown: converted off the event loop from the tree, stored as its value', () => {
    assert.deepEqual(needs('markdown'), {
      needsLibraryFiles: false,
      readsTree: true,
      offThread: true,
      storedAsJson: false,
      crossesAsText: true,
      keepsExistingValue: false,
    });
  });

  it("Blocks: converted off the event loop with the library's images, and stored as JSON text after Strapi's save", () => {
    assert.deepEqual(needs('blocks'), {
      needsLibraryFiles: true,
      readsTree: true,
      offThread: true,
      storedAsJson: true,
      crossesAsText: true,
      keepsExistingValue: false,
    });
  });

  it("a dynamic zone: converted off the event loop with the library's files, from the entry's current components", () => {
    assert.deepEqual(needs('zone'), {
      needsLibraryFiles: true,
      readsTree: true,
      offThread: true,
      storedAsJson: false,
      crossesAsText: false,
      keepsExistingValue: true,
    });
  });
});
