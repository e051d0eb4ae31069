import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

/** One public XSS payload and where it was published. */
export interface XssPayload {
  source: string;
  payload: string;
}

/**
 * The corpus stays in the shared fixtures folder next to the checkout, as its README asks: it is
 * gathered from third-party lists under their own terms (some share-alike, some unlicensed), so it is
 * not copied into this MIT project. XSS_CORPUS_PATH points elsewhere (a CI checkout of the folder).
 */
export const XSS_CORPUS_PATH =
  process.env.XSS_CORPUS_PATH ?? path.join(repoRoot, '..', 'shared', 'fixtures', 'xss-corpus.json');

export function loadXssCorpus(): XssPayload[] {
  if (!fs.existsSync(XSS_CORPUS_PATH)) {
    throw new Error(
      `The XSS corpus is missing at ${XSS_CORPUS_PATH}; set XSS_CORPUS_PATH to the shared fixtures' xss-corpus.json.`
    );
  }
  const corpus: unknown = JSON.parse(fs.readFileSync(XSS_CORPUS_PATH, 'utf8'));
  const valid =
    Array.isArray(corpus) &&
    corpus.every((entry) => typeof entry?.source === 'string' && typeof entry?.payload === 'string');
  if (!valid) throw new Error(`${XSS_CORPUS_PATH} is not a list of { source, payload } strings.`);
  return corpus as XssPayload[];
}
