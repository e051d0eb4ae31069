import fs from 'node:fs';

/** One XSS payload and where it came from (a generator family and its parts, or a published list). */
export interface XssPayload {
  source: string;
  payload: string;
}

/**
 * A published XSS corpus, run as an extra besides the generated one (xss-generator.ts) when
 * XSS_CORPUS_PATH names it: a JSON list of `{ source, payload }`. Such lists are third-party material
 * under their own terms, so none is part of this repository, and none is looked for when the variable
 * is unset.
 */
export function loadXssCorpus(file: string): XssPayload[] {
  if (!fs.existsSync(file)) {
    throw new Error(
      `XSS_CORPUS_PATH is ${file}, which does not exist; unset it to run the generated corpus only.`
    );
  }
  const corpus: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const valid =
    Array.isArray(corpus) &&
    corpus.every((entry) => typeof entry?.source === 'string' && typeof entry?.payload === 'string');
  if (!valid) throw new Error(`${file} (XSS_CORPUS_PATH) is not a list of { source, payload } strings.`);
  return corpus as XssPayload[];
}
