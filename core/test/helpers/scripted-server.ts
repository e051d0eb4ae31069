import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** What the local server does with its next request: answer, or hang so the caller times out. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

/**
 * A local HTTP server that answers each request with the next scripted reply (or `fallback` when none
 * is left) and records what it received. Tests set `replies` and read `received`.
 */
export interface ScriptedServer {
  origin: string;
  replies: Reply[];
  received: ReceivedRequest[];
  reset(): void;
  close(): Promise<void>;
}

export async function startScriptedServer(
  fallback: (status: number) => Required<Exclude<Reply, 'hang'>>['body'] | undefined,
  fallbackStatus: number
): Promise<ScriptedServer> {
  const state: ScriptedServer = {
    origin: '',
    replies: [],
    received: [],
    reset() {
      state.replies = [];
      state.received = [];
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      const reply = state.replies.shift() ?? { status: fallbackStatus };
      if (reply === 'hang') return;
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body ?? fallback(reply.status) ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** The origin of a port that was listening a moment ago and is closed now: connections are refused. */
export async function closedOrigin(): Promise<string> {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  return `http://127.0.0.1:${port}`;
}
