import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  MultipartError,
  multipartBoundary,
  multipartFields,
  multipartFile,
  parseMultipart,
} from '../src/wordpress/multipart';

const CRLF = '\r\n';
const body = (...lines: (string | Buffer)[]) =>
  Buffer.concat(lines.map((line) => (typeof line === 'string' ? Buffer.from(`${line}${CRLF}`) : line)));
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x0d, 0x0a, 0x2d, 0x2d]);

describe('multipart as PHP reads it', () => {
  it('reads the boundary, quoted or not', () => {
    assert.equal(multipartBoundary('multipart/form-data; boundary=abc123'), 'abc123');
    assert.equal(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b;c"'), 'a b;c');
    assert.equal(multipartBoundary('multipart/form-data'), undefined);
  });

  it('takes a part with a file name as a file whatever its Content-Type, or without one (Python requests)', () => {
    const raw = Buffer.concat([
      body(
        'preamble',
        '--XyZ',
        'Content-Disposition: form-data; name="title"',
        '',
        'A title',
        '--XyZ',
        'Content-Disposition: form-data; name="file"; filename="photo.png"',
        ''
      ),
      PNG,
      Buffer.from(CRLF),
      body(
        '--XyZ',
        'Content-Disposition: form-data; name="extra"; filename="notes.txt"',
        'Content-Type: text/plain',
        '',
        'notes'
      ),
      Buffer.from('--XyZ--\r\n'),
    ]);
    const parts = parseMultipart(raw, 'XyZ');
    assert.deepEqual(
      parts.map((part) => [part.name, part.filename, part.contentType]),
      [
        ['title', undefined, undefined],
        ['file', 'photo.png', undefined],
        ['extra', 'notes.txt', 'text/plain'],
      ]
    );
    assert.deepEqual(
      multipartFile(parts, 'file')?.data,
      PNG,
      'the bytes as sent, line ends and dashes included'
    );
    assert.deepEqual(multipartFields(parts), { title: 'A title' });
  });

  it('reads filename* and escaped quotes; an empty file name without bytes is no file', () => {
    const raw = body(
      '--b',
      `Content-Disposition: form-data; name="file"; filename="x.png"; filename*=UTF-8''%C3%A9t%C3%A9.png`,
      '',
      'bytes',
      '--b',
      'Content-Disposition: form-data; name="empty"; filename=""',
      '',
      '',
      '--b',
      'Content-Disposition: form-data; name="quoted"; filename="a \\"b\\".png"',
      '',
      'q',
      '--b--'
    );
    const parts = parseMultipart(raw, 'b');
    assert.equal(multipartFile(parts, 'file')?.filename, 'été.png');
    assert.equal(multipartFile(parts, 'empty'), undefined);
    assert.equal(multipartFile(parts, 'quoted')?.filename, 'a "b".png');
    assert.deepEqual(multipartFields(parts), {});
  });

  it('keeps a field named __proto__ as a field', () => {
    const raw = body('--b', 'Content-Disposition: form-data; name="__proto__"', '', 'x', '--b--');
    const fields = multipartFields(parseMultipart(raw, 'b'));
    assert.equal(Object.getPrototypeOf(fields), Object.prototype);
    assert.equal(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value, 'x');
  });

  it('refuses a broken framing', () => {
    assert.throws(() => parseMultipart(Buffer.from('no boundary here'), 'b'), MultipartError);
    assert.throws(
      () => parseMultipart(body('--b', 'Content-Disposition: form-data; name="a"', '', 'unterminated'), 'b'),
      MultipartError
    );
  });
});
