/**
 * `multipart/form-data` read as PHP reads it for WordPress: a part whose Content-Disposition names a
 * `filename` is a file, whatever its Content-Type (none, `application/octet-stream`, `text/plain`...);
 * any other part is a text field. The body is read whole (the caller bounds its size), so nothing of
 * any part is written to disk here.
 */

export interface MultipartPart {
  /** The form field name (`file`, `title`, ...). */
  name: string;
  /** The client's file name; undefined for a text field. */
  filename: string | undefined;
  /** The part's Content-Type as sent, lower case; undefined when none was sent. */
  contentType: string | undefined;
  data: Buffer;
}

/** A body that is not well-formed multipart (the message says what is wrong). */
export class MultipartError extends Error {}

/** Splits a header's parameters (`form-data; name="a;b"; filename=x`) on `;` outside quoted strings. */
function headerParameters(value: string): Map<string, string> {
  const parameters = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of value.matchAll(pattern)) {
    const key = match[1].toLowerCase();
    const raw = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3].trim();
    // The first spelling of a parameter counts (a second `name=` is not the client's meaning).
    if (!parameters.has(key)) parameters.set(key, raw);
  }
  return parameters;
}

/** The boundary of a `multipart/form-data` Content-Type; undefined when it names none. */
export function multipartBoundary(contentType: string): string | undefined {
  const boundary = headerParameters(contentType.replace(/^[^;]*/, '')).get('boundary');
  // RFC 2046: 1 to 70 characters.
  return boundary && boundary.length <= 70 ? boundary : undefined;
}

/** The file name of a Content-Disposition's parameters: `filename*=UTF-8''...` first, then `filename`. */
function fileNameOf(parameters: Map<string, string>): string | undefined {
  const extended = parameters.get('filename*');
  if (extended !== undefined) {
    const encoded = /^[^']*'[^']*'(.*)$/.exec(extended)?.[1];
    if (encoded !== undefined) {
      try {
        return decodeURIComponent(encoded);
      } catch {
        // Falls back to the plain parameter.
      }
    }
  }
  return parameters.get('filename');
}

/** A part's header block, lines as `Name: value`, names in lower case. */
function partHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The parts of a multipart body, in order. Throws MultipartError when the framing is broken. */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter opens the body or follows a preamble's line end.
  let at = body.subarray(0, delimiter.length).equals(delimiter) ? 0 : body.indexOf(nextDelimiter);
  if (at < 0) throw new MultipartError('no part starts with the boundary');
  if (at > 0) at += 2;
  const parts: MultipartPart[] = [];
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString('latin1') === '--') return parts;
    // Transport padding (spaces, tabs) may follow a delimiter before its line end.
    while (body[at] === 0x20 || body[at] === 0x09) at++;
    if (body.subarray(at, at + 2).toString('latin1') !== '\r\n')
      throw new MultipartError('a boundary is not followed by a line end');
    at += 2;
    const headersEnd = body.indexOf('\r\n\r\n', at, 'latin1');
    // A part with no header at all starts with the empty line at once.
    const blank = body.subarray(at, at + 2).toString('latin1') === '\r\n';
    if (!blank && headersEnd < 0) throw new MultipartError("a part's headers do not end");
    const headerBlock = blank ? '' : body.subarray(at, headersEnd).toString('utf8');
    const dataStart = blank ? at + 2 : headersEnd + 4;
    const dataEnd = body.indexOf(nextDelimiter, dataStart);
    if (dataEnd < 0) throw new MultipartError('the body ends inside a part (no closing boundary)');
    const headers = partHeaders(headerBlock);
    const disposition = headers.get('content-disposition') ?? '';
    if (/^\s*form-data\b/i.test(disposition)) {
      const parameters = headerParameters(disposition.replace(/^[^;]*/, ''));
      const name = parameters.get('name');
      if (name !== undefined) {
        parts.push({
          name,
          filename: fileNameOf(parameters),
          contentType: headers.get('content-type')?.toLowerCase(),
          data: body.subarray(dataStart, dataEnd),
        });
      }
    }
    at = dataEnd + 2;
  }
}

/** The text fields of the parts (parts without a file name); a later field of the same name wins, as in PHP. */
export function multipartFields(parts: readonly MultipartPart[]): Record<string, string> {
  // Through a Map: a field named `__proto__` is a field like any other.
  const fields = new Map<string, string>();
  for (const part of parts)
    if (part.filename === undefined) fields.set(part.name, part.data.toString('utf8'));
  return Object.fromEntries(fields);
}

/**
 * The uploaded file of a form field, as PHP's `$_FILES[name]`: the first part of that name with a
 * file name; a part with an empty file name and no bytes is "no file chosen" (UPLOAD_ERR_NO_FILE).
 */
export function multipartFile(parts: readonly MultipartPart[], field: string): MultipartPart | undefined {
  return parts.find(
    (part) =>
      part.name === field && part.filename !== undefined && (part.filename !== '' || part.data.length > 0)
  );
}
