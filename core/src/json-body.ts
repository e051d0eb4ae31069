import { ServiceError } from './errors';

// Fatal: bytes that are not UTF-8 are refused instead of turned into U+FFFD. A leading BOM is
// dropped for parsing only (RFC 8259 lets parsers ignore it); any signature was checked over the bytes with it.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Parses a request body read as raw bytes. An empty body is `{}`, as Strapi's body parser gives it. */
export function parseJsonBody(raw: Uint8Array): unknown {
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new ServiceError('invalid_json', 'The request body is not valid JSON: it is not UTF-8 text.');
  }
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ServiceError('invalid_json', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}
