import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A local image server for media tests: routes, per-path hit counts, and bytes sent per request. */
export class ImageServer {
  private server = http.createServer((req, res) => this.handle(req, res));
  private routes = new Map<string, Route>();
  readonly hits = new Map<string, number>();
  /** Bytes written to each response by the time its connection closed. */
  readonly bytesSent = new Map<string, number>();
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  route(path: string, route: Route): string {
    this.routes.set(path, route);
    return `${this.url}${path}`;
  }

  /** Serves fixed bytes with a content type. */
  file(path: string, bytes: Buffer, contentType: string, delayMs = 0): string {
    return this.route(path, (_req, res) => {
      const send = () =>
        res.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length }).end(bytes);
      if (delayMs) setTimeout(send, delayMs);
      else send();
    });
  }

  totalHits(): number {
    return [...this.hits.values()].reduce((sum, n) => sum + n, 0);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = (req.url ?? '').split('?')[0];
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    res.on('close', () =>
      this.bytesSent.set(path, res.socket?.bytesWritten ?? this.bytesSent.get(path) ?? 0)
    );
    const route = this.routes.get(path);
    if (route) route(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
}

/** A real image of the given type and size, with a distinct colour per seed so bytes differ. */
export async function makeImage(
  format: 'jpeg' | 'png' | 'webp' | 'gif',
  width = 320,
  height = 200,
  seed = 0
): Promise<Buffer> {
  const background = { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 193) % 256 };
  const image = sharp({ create: { width, height, channels: 3, background } });
  return image[format]().toBuffer();
}
