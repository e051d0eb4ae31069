import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { displayedSource, libraryFileStem } from '../src/images/library-names';

const PNG_DATA_URL = `data:image/png;base64,${Buffer.alloc(42_000, 7).toString('base64')}`;

describe('library file names and displayed sources', () => {
  it("names a URL's file by its own name, a data URL's by its alt text, else by the article's slug", () => {
    assert.equal(libraryFileStem('https://cdn.example.com/img/Hose%20Reel.final.jpg', 'A reel', 'post'), 'Hose-20Reel-final');
    assert.equal(libraryFileStem(PNG_DATA_URL, 'A green lawn, at dawn!', 'watering'), 'a-green-lawn-at-dawn');
    assert.equal(libraryFileStem(PNG_DATA_URL, undefined, 'watering-a-lawn'), 'watering-a-lawn');
    assert.equal(libraryFileStem(PNG_DATA_URL, '', ''), 'image');
    assert.ok(!libraryFileStem(PNG_DATA_URL, undefined, 'x').includes('base64'));
  });

  it('shortens a data URL to its type and size, and leaves other sources as sent', () => {
    assert.equal(displayedSource(PNG_DATA_URL), 'data:image/png;base64,...(41 KB)');
    assert.equal(displayedSource('data:image/gif;base64,R0lGOD'), 'data:image/gif;base64,...(4 B)');
    assert.equal(displayedSource('https://cdn.example.com/a.jpg'), 'https://cdn.example.com/a.jpg');
  });
});
