import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  expectedObjects,
  heldObjectHashes,
  journaledObject,
  objectKey,
  providerObjectOf,
} from '../src/images/upload-journal';

const UPLOAD_NAME = 'chart-0123456789abcdef.png';

describe('upload journal entries', () => {
  it("journals the file under its own hash and each format under the file's", () => {
    // As Strapi's upload service names them: the file, then `<format>_` before its name and hash.
    const file = {
      name: UPLOAD_NAME,
      hash: 'chart_0123456789abcdef_a1b2c3d4e5',
      ext: '.png',
      mime: 'image/png',
    };
    assert.deepEqual(journaledObject(file, UPLOAD_NAME), {
      hash: 'chart_0123456789abcdef_a1b2c3d4e5',
      ext: '.png',
      path: null,
      mime: 'image/png',
      fileHash: 'chart_0123456789abcdef_a1b2c3d4e5',
    });
    const thumbnail = {
      name: `thumbnail_${UPLOAD_NAME}`,
      hash: 'thumbnail_chart_0123456789abcdef_a1b2c3d4e5',
      ext: '.png',
      mime: 'image/png',
      path: 'folder',
    };
    assert.deepEqual(journaledObject(thumbnail, UPLOAD_NAME), {
      hash: 'thumbnail_chart_0123456789abcdef_a1b2c3d4e5',
      ext: '.png',
      path: 'folder',
      mime: 'image/png',
      fileHash: 'chart_0123456789abcdef_a1b2c3d4e5',
    });
  });

  it('takes an object named in no known way as a file of its own', () => {
    const odd = { name: `small_${UPLOAD_NAME}`, hash: 'other_hash', ext: '.png' };
    assert.equal(journaledObject(odd, UPLOAD_NAME).fileHash, 'other_hash');
    assert.equal(journaledObject({ hash: 'h' }, UPLOAD_NAME).fileHash, 'h');
  });

  it('collects every object hash file rows hold, formats as JSON or as text', () => {
    const held = heldObjectHashes([
      { hash: 'a', formats: { thumbnail: { hash: 'thumbnail_a' }, small: { hash: 'small_a' } } },
      { hash: 'b', formats: JSON.stringify({ thumbnail: { hash: 'thumbnail_b' } }) },
      { hash: 'c', formats: null },
      { hash: 'd', formats: 'not json' },
    ]);
    assert.deepEqual([...held].sort(), ['a', 'b', 'c', 'd', 'small_a', 'thumbnail_a', 'thumbnail_b']);
  });

  it('hands the provider back what it wrote, with its URL and metadata when they were noted', () => {
    const entry = {
      hash: 'small_x',
      ext: '.jpg',
      path: null,
      mime: 'image/jpeg',
      fileHash: 'x',
      url: null,
      providerMetadata: null,
    };
    assert.deepEqual(providerObjectOf(entry), {
      hash: 'small_x',
      ext: '.jpg',
      path: null,
      mime: 'image/jpeg',
    });
    assert.deepEqual(
      providerObjectOf({
        ...entry,
        url: 'https://cdn/small_x.jpg',
        providerMetadata: { public_id: 'small_x' },
      }),
      {
        hash: 'small_x',
        ext: '.jpg',
        path: null,
        mime: 'image/jpeg',
        url: 'https://cdn/small_x.jpg',
        provider_metadata: { public_id: 'small_x' },
      }
    );
  });
});

describe('the objects an upload is expected to write', () => {
  const file = { name: 'hero-1a2b.jpg', hash: 'hero_1a2b_x9', ext: '.jpg', path: null, mime: 'image/jpeg' };

  it('are the file and each format, named as Strapi names them', () => {
    const objects = expectedObjects(file, ['thumbnail', 'large', 'small']);
    assert.deepEqual(
      objects.map((object) => objectKey(object)),
      ['hero_1a2b_x9.jpg', 'thumbnail_hero_1a2b_x9.jpg', 'large_hero_1a2b_x9.jpg', 'small_hero_1a2b_x9.jpg']
    );
    assert.deepEqual(objects[2], {
      name: 'large_hero-1a2b.jpg',
      hash: 'large_hero_1a2b_x9',
      ext: '.jpg',
      path: null,
      mime: 'image/jpeg',
    });
  });

  it('journal each format as belonging to the file', () => {
    for (const object of expectedObjects(file, ['thumbnail', 'medium']))
      assert.equal(journaledObject(object, file.name).fileHash, file.hash);
  });
});
