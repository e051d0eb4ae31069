import { createHash } from 'node:crypto';
import dns from 'node:dns';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { guarded } from '../guarded-callback';
import { parseImageDataUrl, type DataUrlImage } from '../image-source';
import { redactUrlsIn } from '../redact-url';
import { ImageRejected } from './image-rejected';
import { addressRefusal, refusalBeforeFetch } from './source-refusal';

export interface FetchPolicy {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
  /** Resolves a host name to addresses; injected by tests, DNS otherwise. */
  resolve?: (hostname: string) => Promise<string[]>;
  /** Which addresses count as public; injected by tests that stand a local server in for a public one. */
  isPublic?: (address: string) => boolean;
}

export interface LoadedImage {
  bytes: Buffer;
  /** The URL the bytes finally came from (after redirects), or the data URL's type. */
  origin: string;
}

const defaultResolve = async (hostname: string) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Resolves with the injected resolver and refuses non-public addresses at connection time, so the
 * socket connects exactly to an address that was checked (no DNS rebinding between check and use).
 */
function guardedLookup(policy: FetchPolicy): LookupFunction {
  const resolve = policy.resolve ?? defaultResolve;
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    // Node's callback is called once, with the checked addresses or a refusal, whatever throws.
    let answered = false;
    const answer = (...args: unknown[]) => {
      if (answered) return;
      answered = true;
      callback(...args);
    };
    // Everything runs inside the promise chain, so a throw of the resolver, the checks or the callback
    // ends in the final catch, never in an unhandled rejection (which would end the process).
    Promise.resolve()
      .then(() => resolve(hostname))
      .then(
        (addresses) => {
          if (addresses.length === 0)
            return answer(new ImageRejected(`${hostname} did not resolve to any address`));
          for (const address of addresses) {
            const refusal = addressRefusal(address, policy);
            if (refusal) return answer(new ImageRejected(`${hostname}: ${refusal}`));
          }
          const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
          if (options.all) return answer(null, entries);
          return answer(null, entries[0].address, entries[0].family);
        },
        (error: NodeJS.ErrnoException) =>
          answer(new ImageRejected(`${hostname} could not be resolved (${error.code ?? error.message})`))
      )
      .catch((error: unknown) =>
        answer(new ImageRejected(`${hostname} could not be resolved (${failureDetail(error)})`))
      );
  }) as LookupFunction;
}

/** An error's code, else its message (any URL in it redacted, since reasons reach the ledger). */
function failureDetail(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string') return code;
  return redactUrlsIn(error instanceof Error ? error.message : String(error));
}

/** Why a download failed, in words a site owner can act on, with Node's code for the curious. */
function describeDownloadFailure(error: unknown): string {
  const detail = failureDetail(error);
  if (detail.startsWith('HPE_'))
    return `the download failed: the server's answer is not valid HTTP (${detail})`;
  if (detail === 'ECONNRESET' || detail === 'ERR_STREAM_PREMATURE_CLOSE')
    return `the download failed: the connection closed before the whole answer arrived (${detail})`;
  if (detail === 'EPROTO' || detail.startsWith('ERR_SSL_') || detail.startsWith('ERR_TLS_'))
    return `the download failed: no TLS connection could be made (${detail})`;
  return `the download failed (${detail})`;
}

/** Every hop (the first URL and each redirect) is judged as the dry run judges the source. */
function checkUrl(raw: string, policy: FetchPolicy): URL {
  const refusal = refusalBeforeFetch(raw, policy);
  if (refusal !== undefined) throw new ImageRejected(refusal);
  return new URL(raw);
}

interface Opened {
  redirectTo?: string;
  response?: http.IncomingMessage;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * One request: a redirect to follow, or a 200 response whose body is still to be read. The response
 * callback runs from the event loop, so it is guarded: whatever throws in it rejects this request.
 */
function openOnce(url: URL, policy: FetchPolicy, signal: AbortSignal): Promise<Opened> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Opened>((resolve, reject) => {
    const onResponse = (response: http.IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        // Only the next hop matters: the body is not read, so a body that never ends holds nothing open.
        response.destroy();
        if (!URL.canParse(location, url.href))
          return reject(new ImageRejected('the server redirected to an address that is not a valid URL'));
        return resolve({ redirectTo: new URL(location, url).href });
      }
      if (status !== 200) {
        response.destroy();
        return reject(new ImageRejected(`the server answered HTTP ${status}`));
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > policy.maxBytes) {
        response.destroy();
        return reject(
          new ImageRejected(`the image is ${declared} bytes, more than the limit of ${policy.maxBytes}`)
        );
      }
      resolve({ response });
    };
    const request = client.get(
      url,
      {
        lookup: guardedLookup(policy),
        signal,
        headers: { accept: 'image/*', 'user-agent': 'strapi-plugin-article-publisher' },
      },
      guarded(onResponse, (error) => {
        request.destroy();
        reject(error);
      })
    );
    request.on('error', reject);
  });
}

/** Reports the time spent hashing, when the caller measures it (the benchmark's breakdown). */
export type HashTimer = (ms: number) => void;

/** Counts and hashes bytes as they pass, and stops the stream once the limit is crossed. */
class ByteLimit extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');
  constructor(
    private readonly maxBytes: number,
    private readonly onHashed?: HashTimer
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes)
      return callback(new ImageRejected(`the image is larger than the limit of ${this.maxBytes} bytes`));
    try {
      if (this.onHashed) {
        const start = performance.now();
        this.hash.update(chunk);
        this.onHashed(performance.now() - start);
      } else {
        this.hash.update(chunk);
      }
    } catch (error) {
      // A throw here would escape into the source stream's data event; the pipeline fails instead.
      return callback(error as Error);
    }
    callback(null, chunk);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

/**
 * Opens an image URL under the policy (scheme, public addresses on every hop, redirects) and hands
 * the response body to `consume`; the time limit covers the whole exchange, body included.
 */
async function withImageResponse<T>(
  rawUrl: string,
  policy: FetchPolicy,
  consume: (response: http.IncomingMessage, url: URL, signal: AbortSignal) => Promise<T>
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
  try {
    let current = rawUrl;
    for (let hop = 0; hop <= policy.maxRedirects; hop++) {
      const url = checkUrl(current, policy);
      const opened = await openOnce(url, policy, controller.signal);
      if (opened.response) return await consume(opened.response, url, controller.signal);
      current = opened.redirectTo as string;
    }
    throw new ImageRejected(`more than ${policy.maxRedirects} redirects`);
  } catch (error) {
    if (controller.signal.aborted)
      throw new ImageRejected(`the download took longer than ${policy.timeoutMs} ms`);
    if (error instanceof ImageRejected) throw error;
    throw new ImageRejected(describeDownloadFailure(error));
  } finally {
    clearTimeout(timer);
  }
}

/** Downloads an image URL into memory under the policy. */
export async function fetchImageBytes(rawUrl: string, policy: FetchPolicy): Promise<LoadedImage> {
  return withImageResponse(rawUrl, policy, async (response, url, signal) => {
    const chunks: Buffer[] = [];
    const limit = new ByteLimit(policy.maxBytes);
    limit.on('data', (chunk: Buffer) => chunks.push(chunk));
    await pipeline(response, limit, { signal });
    return { bytes: Buffer.concat(chunks), origin: url.href };
  });
}

export interface DownloadedFile {
  size: number;
  sha256: string;
  origin: string;
}

/**
 * Downloads an image URL straight into a file, so memory stays flat whatever the image's size; the
 * byte limit and the digest are computed on the way.
 */
export async function downloadImageToFile(
  rawUrl: string,
  policy: FetchPolicy,
  filepath: string,
  onHashed?: HashTimer
): Promise<DownloadedFile> {
  return withImageResponse(rawUrl, policy, async (response, url, signal) => {
    const limit = new ByteLimit(policy.maxBytes, onHashed);
    const file = fs.createWriteStream(filepath);
    try {
      await pipeline(response, limit, file, { signal });
    } finally {
      // A refused copy settles before its file has closed (the file may even be created after): this
      // waits, so the caller's cleanup of the folder finds everything in place.
      if (!file.closed) await once(file, 'close');
    }
    return { size: limit.size, sha256: limit.digest(), origin: url.href };
  });
}

/** Bytes of an image reference: a data URL decoded, or a URL downloaded under the policy. */
export async function loadImageSource(source: string, policy: FetchPolicy): Promise<LoadedImage> {
  if (source.trim().toLowerCase().startsWith('data:')) {
    const refusal = refusalBeforeFetch(source, policy);
    if (refusal !== undefined) throw new ImageRejected(refusal);
    const image = parseImageDataUrl(source) as DataUrlImage;
    return { bytes: Buffer.from(image.base64, 'base64'), origin: `data:${image.mimeType}` };
  }
  return fetchImageBytes(source, policy);
}
