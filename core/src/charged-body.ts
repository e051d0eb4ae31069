import type { Readable } from 'node:stream';
import type { BodyAccount } from './byte-budget';

/**
 * Reading a request body that is not authenticated yet (a webhook body is verified only once all of it
 * is here). Each chunk is charged to a byte budget as it arrives, and the body must keep arriving: a
 * body that stalls, or takes longer than a deadline, is given up, so a connection that sends a little
 * and then waits holds neither memory nor a place in the budget for long.
 */

export type BodyReadFailure =
  /** More bytes than the body limit. */
  | 'too_large'
  /** The chunk did not fit the budget or the client's share of it. */
  | 'over_budget'
  /** No byte for `idleTimeoutMs`, or the whole body not there within `readTimeoutMs`. */
  | 'timed_out'
  /** The connection closed (or failed) before the body ended. */
  | 'aborted'
  /** The body ended at another length than its Content-Length. */
  | 'length_mismatch';

export class BodyReadError extends Error {
  constructor(
    readonly reason: BodyReadFailure,
    message: string
  ) {
    super(message);
    this.name = 'BodyReadError';
  }
}

export interface ChargedReadOptions {
  /** The Content-Length, or null for a chunked body. */
  declaredLength: number | null;
  limitBytes: number;
  /** Longest wait for the next byte. */
  idleTimeoutMs: number;
  /** Longest time for the whole body. */
  readTimeoutMs: number;
  account: BodyAccount;
}

const asBuffer = (chunk: unknown): Buffer => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));

/**
 * The body's exact bytes. Rejects with a BodyReadError as soon as one of the rules is broken; the
 * bytes read so far are dropped then, and the stream is left to the caller (see discardRest).
 */
export function readChargedBody(stream: Readable, options: ChargedReadOptions): Promise<Buffer> {
  const { declaredLength, limitBytes, idleTimeoutMs, readTimeoutMs, account } = options;
  return new Promise<Buffer>((resolve, reject) => {
    let chunks: Buffer[] = [];
    let received = 0;
    let idleTimer: NodeJS.Timeout | undefined;
    const deadline = setTimeout(
      () => fail('timed_out', `the body did not arrive within ${readTimeoutMs} ms`),
      readTimeoutMs
    );
    const waitForNextByte = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(
        () => fail('timed_out', `no byte of the body arrived for ${idleTimeoutMs} ms`),
        idleTimeoutMs
      );
    };
    const stop = () => {
      clearTimeout(idleTimer);
      clearTimeout(deadline);
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    function fail(reason: BodyReadFailure, message: string) {
      stop();
      chunks = [];
      reject(new BodyReadError(reason, message));
    }
    function onData(data: unknown) {
      const chunk = asBuffer(data);
      received += chunk.length;
      if (received > limitBytes) return fail('too_large', `the body is larger than ${limitBytes} bytes`);
      if (declaredLength !== null && received > declaredLength)
        return fail('length_mismatch', `the body is longer than its Content-Length (${declaredLength})`);
      if (!account.charge(chunk.length))
        return fail('over_budget', 'the bytes do not fit the budget for unverified bodies');
      chunks.push(chunk);
      waitForNextByte();
    }
    function onEnd() {
      stop();
      if (declaredLength !== null && received !== declaredLength) {
        reject(
          new BodyReadError(
            'length_mismatch',
            `the body has ${received} bytes, its Content-Length says ${declaredLength}`
          )
        );
        return;
      }
      resolve(Buffer.concat(chunks, received));
    }
    function onError(error: Error) {
      fail('aborted', `the connection failed before the body ended (${error.message})`);
    }
    function onClose() {
      fail('aborted', 'the connection closed before the body ended');
    }
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
    waitForNextByte();
  });
}

export type DiscardOutcome = 'ended' | 'closed' | 'timed_out';

/**
 * Lets the rest of a refused body arrive and drops it, so the answer can be sent while the client is
 * still sending (closing at once would reset the connection and lose the answer), until the body ends,
 * the connection closes, or the body stalls for `idleTimeoutMs` or outlasts `deadlineMs`; then the
 * caller closes the connection.
 */
export function discardRest(
  stream: Readable,
  { idleTimeoutMs, deadlineMs }: { idleTimeoutMs: number; deadlineMs: number }
): Promise<DiscardOutcome> {
  // An error after this point has no one to tell; without a listener it would be thrown.
  stream.on('error', () => undefined);
  if (stream.readableEnded) return Promise.resolve('ended');
  if (stream.destroyed) return Promise.resolve('closed');
  return new Promise<DiscardOutcome>((resolve) => {
    let idleTimer: NodeJS.Timeout | undefined;
    const deadline = setTimeout(() => done('timed_out'), deadlineMs);
    const waitForNextByte = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => done('timed_out'), idleTimeoutMs);
    };
    const onEnd = () => done('ended');
    const onClose = () => done('closed');
    function done(outcome: DiscardOutcome) {
      clearTimeout(idleTimer);
      clearTimeout(deadline);
      stream.off('data', waitForNextByte);
      stream.off('end', onEnd);
      stream.off('close', onClose);
      resolve(outcome);
    }
    stream.on('data', waitForNextByte);
    stream.on('end', onEnd);
    stream.on('close', onClose);
    stream.resume();
    waitForNextByte();
  });
}
