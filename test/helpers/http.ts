import http from 'node:http';

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // Response bodies are JSON of many shapes; tests assert on them field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** A string or Buffer is sent as is; anything else is sent as JSON. */
  body?: unknown;
  /** Source address, to act as another client (any 127.x address reaches the server). */
  localAddress?: string;
}

/** A response's status, headers and body (also parsed as JSON when it is). */
export function readResponse(res: http.IncomingMessage): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
    });
    res.on('error', reject);
  });
}

/** A plain HTTP request over a real socket, as the service would make it. */
export function request(url: string, options: RequestOptions = {}): Promise<HttpResponse> {
  const { method = 'GET', headers = {}, body, localAddress } = options;
  let payload: Buffer | undefined;
  const finalHeaders: Record<string, string> = { accept: 'application/json', ...headers };
  if (body !== undefined) {
    payload = Buffer.isBuffer(body)
      ? body
      : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    finalHeaders['content-type'] ??= 'application/json';
    finalHeaders['content-length'] = String(payload.length);
  }
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: finalHeaders, localAddress }, (res) =>
      readResponse(res).then(resolve, reject)
    );
    req.on('error', reject);
    // A route that refuses before reading the body (auth first) answers and closes while a large body is
    // still being written: the write's EPIPE may come after the response, from a socket the request has
    // let go, where nothing would listen and the test process would see an uncaught exception.
    req.on('socket', (socket) => socket.on('error', () => undefined));
    if (payload) req.write(payload);
    req.end();
  });
}
