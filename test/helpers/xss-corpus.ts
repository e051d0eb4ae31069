import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

/** One public XSS payload and where it was published. */
export interface XssPayload {
  source: string;
  payload: string;
}

const CORPUS_IN_SHARED = path.join('shared', 'fixtures', 'xss-corpus.json');

/**
 * The corpus stays in the shared fixtures folder next to the checkout, as its README asks: it is
 * gathered from third-party lists under their own terms (some share-alike, some unlicensed), so it is
 * not copied into this MIT project. XSS_CORPUS_PATH points elsewhere (a CI checkout of the folder).
 * A clone made elsewhere from a local checkout (`git clone . /tmp/x`) finds the folder beside the
 * checkout it was cloned from.
 */
export const XSS_CORPUS_PATH = process.env.XSS_CORPUS_PATH ?? findCorpus();

function findCorpus(): string {
  const besideCheckout = path.join(repoRoot, '..', CORPUS_IN_SHARED);
  if (fs.existsSync(besideCheckout)) return besideCheckout;
  const origin = localOrigin();
  const besideOrigin = origin && path.join(origin, '..', CORPUS_IN_SHARED);
  return besideOrigin && fs.existsSync(besideOrigin) ? besideOrigin : besideCheckout;
}

/** The folder this checkout was cloned from, when its origin is a local path. */
function localOrigin(): string | undefined {
  try {
    const url = execFileSync('git', ['-C', repoRoot, 'remote', 'get-url', 'origin'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return path.isAbsolute(url) && fs.existsSync(url) ? path.resolve(url) : undefined;
  } catch {
    return undefined; // not a git checkout, or no origin: only the folder beside the checkout counts
  }
}

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
