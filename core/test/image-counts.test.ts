import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countPlacedImages } from '../src/images/image-counts';

describe('images placed by a delivery', () => {
  it('counts uploaded files as imported and the others as reused, each file once', () => {
    assert.deepEqual(countPlacedImages([], []), { imported: 0, reused: 0 });
    // A first publish: the cover (7) is also in the body.
    assert.deepEqual(countPlacedImages([7, 8, 7], [7, 8]), { imported: 2, reused: 0 });
    // Its republish: the same files, none uploaded again.
    assert.deepEqual(countPlacedImages([7, 8, 7], []), { imported: 0, reused: 2 });
    // One new image beside two reused ones.
    assert.deepEqual(countPlacedImages([7, 8, 9], [9]), { imported: 1, reused: 2 });
  });
});
