import type { SlicedJson } from '../sliced-json';
import type { RootBlock } from './types';

/**
 * A large Blocks body is stored as the JSON text the worker thread wrote, after Strapi's save of the
 * entry (issue #30). Strapi validates a blocks value node by node with yup inside its save, as one
 * chain of promises that never lets the event loop answer a reader: about 0.1 ms a node, so 4 s for a
 * 100 KB article and minutes for the largest one (docs/benchmarks.md). The entry is saved with this
 * stand-in, which Strapi checks at once, and its body column then receives the converted body in the
 * same transaction: readers and Strapi's events (sent after the commit, read from the database) only
 * ever see the whole body.
 */
export const BLOCKS_STAND_IN: readonly RootBlock[] = Object.freeze([
  { type: 'paragraph', children: [{ type: 'text', text: 'Article Publisher: this body is being stored.' }] },
]);

/**
 * The stand-in as Strapi stores it (JSON.stringify of the value, test/strapi-contract.test.ts). The body
 * is stored into exactly the rows that hold it (server/src/strapi/large-blocks-write.ts): the rows
 * Strapi's save and its i18n sync wrote. Not an empty paragraph, which an editor's empty body also is.
 */
export const BLOCKS_STAND_IN_JSON = JSON.stringify(BLOCKS_STAND_IN);

/**
 * A body field's value as JSON text, to be written after Strapi's save of the entry, with the places
 * the text may be cut to be parsed back a slice at a time (core/src/sliced-json.ts).
 */
export interface StoredBodyJson extends SlicedJson {
  field: string;
}

/**
 * How much of a stored body's text one slice of its parse takes: the largest Blocks article's 11.4 MB
 * took 138 ms to parse and 78 ms of garbage collection on a 2-core machine (about 19 ms a MB), so a
 * slice is about 5 ms, well within a publish's slice of the event loop (core/src/event-loop-turn.ts).
 * A body no longer than this is parsed at once.
 */
export const STORED_JSON_SLICE_CHARS = 256 * 1024;
