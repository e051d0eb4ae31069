import net from 'node:net';

/** What a shape does with the connection: answers are raw bytes, so nothing an HTTP library refuses to send is out of reach. */
type Respond = (socket: net.Socket, host: HostileImageHost) => void;

export interface HostileShape {
  /** The path the shape answers on (also its name). */
  path: string;
  /** What the answer does, for test names and failure messages. */
  description: string;
  /**
   * The reason the fetcher gives (a pattern): a time-out shape's reason depends on the caller's
   * time limit, so it is matched loosely.
   */
  reason: RegExp;
  respond: Respond;
}

const CRLF = '\r\n';

/** An answer head: a status line and header lines, as written on the wire. */
const head = (status: string, ...lines: string[]) =>
  `HTTP/1.1 ${status}${CRLF}${[...lines, 'Connection: close'].map((line) => `${line}${CRLF}`).join('')}${CRLF}`;

/** Writes the bytes and closes the connection cleanly (FIN). */
const answer =
  (...parts: (string | Buffer)[]): Respond =>
  (socket) => {
    for (const part of parts) socket.write(part);
    socket.end();
  };

/** A redirect to `location`, written raw (Node's HTTP server would refuse some of these values). */
const redirect = (location: string) =>
  answer(head('302 Found', `Location: ${location}`, 'Content-Length: 0'));

/** Writes `bytes` one at a time, every `everyMs`, until the other side goes away; never finishes. */
function drip(socket: net.Socket, bytes: Buffer | string, everyMs: number) {
  const source = Buffer.from(bytes);
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    socket.write(source.subarray(index % source.length, (index % source.length) + 1));
    index++;
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

/**
 * Every answer shape of a hostile image host that a fetcher must survive: broken redirects, broken
 * headers, broken bodies, slow answers, answers that are not HTTP at all. Each one must end in a
 * rejected download with a reason, never in an exception that escapes (which would end the process).
 */
export const HOSTILE_SHAPES: HostileShape[] = [
  {
    path: '/location-unparsable',
    description: '302 with Location: http://[',
    reason: /redirected to an address that is not a valid URL/,
    respond: redirect('http://['),
  },
  {
    path: '/location-space-in-host',
    description: '302 to a host name with a space in it',
    reason: /redirected to an address that is not a valid URL/,
    respond: redirect('http://exa mple.test/a.png'),
  },
  {
    path: '/location-control-character',
    description: '302 with a control character in the Location value',
    reason: /not valid HTTP/,
    respond: redirect('/a\u0001b.png'),
  },
  {
    path: '/location-very-long',
    description: '302 with a 40 KB Location (past the header size limit)',
    reason: /not valid HTTP/,
    respond: redirect(`/${'a'.repeat(40_000)}`),
  },
  {
    path: '/location-relative-loop',
    description: '302 to itself through a relative Location, forever',
    reason: /more than \d+ redirects/,
    respond: redirect('./location-relative-loop?again'),
  },
  {
    path: '/location-ftp',
    description: '302 to an ftp: URL',
    reason: /ftp URLs are refused/,
    respond: redirect('ftp://127.0.0.1/a.png'),
  },
  {
    path: '/location-javascript',
    description: '302 to a javascript: URL',
    reason: /javascript URLs are refused/,
    respond: redirect('javascript:alert(1)'),
  },
  {
    path: '/location-file',
    description: '302 to a file: URL',
    reason: /file URLs are refused/,
    respond: redirect('file:///etc/passwd'),
  },
  {
    path: '/location-tls-on-plain-port',
    description: '302 to https on a port that does not speak TLS',
    reason: /no TLS connection could be made/,
    respond: (socket, host) => redirect(`https://127.0.0.1:${host.port}/good.png`)(socket, host),
  },
  {
    path: '/content-length-not-a-number',
    description: '200 with Content-Length: abc',
    reason: /not valid HTTP/,
    respond: answer(head('200 OK', 'Content-Type: image/png', 'Content-Length: abc'), 'abc'),
  },
  {
    path: '/content-length-twice',
    description: '200 with two different Content-Length headers',
    reason: /not valid HTTP/,
    respond: answer(
      head('200 OK', 'Content-Type: image/png', 'Content-Length: 10', 'Content-Length: 20'),
      'x'.repeat(20)
    ),
  },
  {
    path: '/content-length-negative',
    description: '200 with Content-Length: -5',
    reason: /not valid HTTP/,
    respond: answer(head('200 OK', 'Content-Type: image/png', 'Content-Length: -5'), 'xxxxx'),
  },
  {
    path: '/content-length-and-chunked',
    description: '200 with both Content-Length and Transfer-Encoding: chunked',
    reason: /not valid HTTP/,
    respond: answer(
      head('200 OK', 'Content-Type: image/png', 'Content-Length: 5', 'Transfer-Encoding: chunked'),
      `5${CRLF}xxxxx${CRLF}0${CRLF}${CRLF}`
    ),
  },
  {
    path: '/chunk-size-garbage',
    description: '200 chunked whose chunk size is not hexadecimal',
    reason: /closed before the whole answer arrived|not valid HTTP/,
    respond: answer(head('200 OK', 'Content-Type: image/png', 'Transfer-Encoding: chunked'), `zz${CRLF}x`),
  },
  {
    path: '/header-name-invalid',
    description: '200 with a header name holding a space',
    reason: /not valid HTTP/,
    respond: answer(head('200 OK', 'Bad Header: 1', 'Content-Length: 1'), 'x'),
  },
  {
    path: '/status-unparsable',
    description: 'a four-digit status code',
    reason: /not valid HTTP/,
    respond: answer(`HTTP/1.1 2000 OK${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  },
  {
    path: '/body-shorter-than-length',
    description: '200 announcing 5000 bytes, sending 100, then closing',
    reason: /closed before the whole answer arrived/,
    respond: (socket, host) =>
      answer(
        head('200 OK', 'Content-Type: image/png', 'Content-Length: 5000'),
        host.goodImage.subarray(0, 100)
      )(socket, host),
  },
  {
    path: '/reset-mid-body',
    description: '200 whose connection is reset half-way through the body',
    reason: /closed before the whole answer arrived/,
    respond: (socket, host) => {
      const image = host.goodImage;
      socket.write(head('200 OK', 'Content-Type: image/png', `Content-Length: ${image.length}`));
      socket.write(image.subarray(0, Math.floor(image.length / 2)), () =>
        setTimeout(() => socket.resetAndDestroy(), 20)
      );
    },
  },
  {
    path: '/slow-drip',
    description: '200 whose body arrives one byte at a time, past the time limit',
    reason: /took longer than \d+ ms/,
    respond: (socket, host) => {
      socket.write(head('200 OK', 'Content-Type: image/png', `Content-Length: ${host.goodImage.length}`));
      drip(socket, host.goodImage, 100);
    },
  },
  {
    path: '/slow-headers',
    description: 'headers that arrive one byte at a time, past the time limit',
    reason: /took longer than \d+ ms/,
    respond: (socket) => drip(socket, `HTTP/1.1 200 OK${CRLF}X-Padding: ${'p'.repeat(10_000)}`, 100),
  },
  {
    path: '/early-hints-then-silence',
    description: '103 Early Hints, then nothing',
    reason: /took longer than \d+ ms/,
    respond: (socket) =>
      socket.write(`HTTP/1.1 103 Early Hints${CRLF}Link: </style.css>; rel=preload${CRLF}${CRLF}`),
  },
  {
    path: '/garbage-200',
    description: '200 image/png whose bytes are not an image',
    reason: /not a recognised image/,
    respond: answer(
      head('200 OK', 'Content-Type: image/png', 'Content-Length: 512'),
      Buffer.from(Array.from({ length: 512 }, (_, index) => (index * 37 + 11) % 256))
    ),
  },
  {
    path: '/empty-200',
    description: '200 with an empty body',
    reason: /not a recognised image/,
    respond: answer(head('200 OK', 'Content-Type: image/png', 'Content-Length: 0')),
  },
  {
    path: '/not-http',
    description: 'bytes that are not an HTTP answer at all (HTTP/0.9-like)',
    reason: /not valid HTTP/,
    respond: answer(Buffer.from([0x00, 0xff, 0xfe]), `not http at all${CRLF}${CRLF}`),
  },
  {
    path: '/close-without-answer',
    description: 'the connection closes without an answer',
    reason: /closed before the whole answer arrived/,
    respond: (socket) => socket.end(),
  },
  {
    path: '/redirect-without-location',
    description: '302 without a Location header',
    reason: /answered HTTP 302/,
    respond: answer(head('302 Found', 'Content-Length: 0')),
  },
];

/**
 * A redirect to the good image whose own body never ends: the download must follow it and finish,
 * and leave no connection open behind it.
 */
export const ENDLESS_REDIRECT_PATH = '/redirect-with-endless-body';

const endlessRedirect: Respond = (socket) => {
  socket.write(head('302 Found', 'Location: /good.png', 'Transfer-Encoding: chunked'));
  drip(socket, `1${CRLF}x${CRLF}`, 50);
};

/** A shape served when the request line cannot be read (a TLS hello, say): garbage, then close. */
const NOT_HTTP_REQUEST = answer(Buffer.from([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28]));

/**
 * An image host that answers each path of HOSTILE_SHAPES with its shape, and `/good.png` with a real
 * image: a raw TCP server, one request per connection. The good image lets a test check that the
 * well-behaved images of an article are imported next to the hostile ones.
 */
export class HostileImageHost {
  private readonly server = net.createServer((socket) => this.accept(socket));
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  /** Connections open right now (a fetcher that gave up or moved on must not keep any). */
  get openConnections(): number {
    return this.sockets.size;
  }

  /** Paths requested, in order (redirect loops show up once per hop). */
  readonly requested: string[] = [];

  constructor(readonly goodImage: Buffer) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  url(path: string): string {
    return `${this.origin}${path}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    // The client may reset the connection at any time (that is what a fetcher giving up does).
    socket.on('error', () => undefined);
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (!/^[A-Z]+ /.test(received)) {
        socket.off('data', onData);
        return NOT_HTTP_REQUEST(socket, this);
      }
      if (!received.includes(`${CRLF}${CRLF}`)) return;
      socket.off('data', onData);
      const target = received.split(' ')[1] ?? '/';
      const path = target.split('?')[0];
      this.requested.push(path);
      if (path === '/good.png') {
        return answer(
          head('200 OK', 'Content-Type: image/png', `Content-Length: ${this.goodImage.length}`),
          this.goodImage
        )(socket, this);
      }
      if (path === ENDLESS_REDIRECT_PATH) return endlessRedirect(socket, this);
      const shape = HOSTILE_SHAPES.find((candidate) => candidate.path === path);
      if (shape) shape.respond(socket, this);
      else answer(head('404 Not Found', 'Content-Length: 0'))(socket, this);
    };
    socket.on('data', onData);
  }
}
