import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** nginx from Debian's package (scripts/prepare-test-machine.sh installs it). */
const NGINX_BIN = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** The response header naming the upstream that answered (`host:port`), for tests that must know. */
export const UPSTREAM_HEADER = 'x-upstream';

/**
 * nginx's part of the deployment: round robin over the instances, the client's address appended to
 * X-Forwarded-For (Strapi trusts only that last entry), the original Host and scheme passed on.
 */
function configuration(directory: string, port: number, upstreams: number[]): string {
  const temp = (name: string) => path.join(directory, name);
  return `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('client-body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  client_max_body_size 20m;
  upstream strapi {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=60s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://strapi;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 120s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** An nginx process of its own (own config and temp folder, loopback port), never the system's. */
export class Nginx {
  url = '';
  private child: ChildProcess | undefined;
  private directory = '';
  private output = '';

  constructor(readonly port: number) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start(upstreams: number[]): Promise<this> {
    this.directory = fs.mkdtempSync(path.join(os.tmpdir(), 'article-publisher-nginx-'));
    const file = path.join(this.directory, 'nginx.conf');
    fs.writeFileSync(file, configuration(this.directory, this.port, upstreams));
    // -e: the error log before the config is read (the default path may not be writable).
    this.child = spawn(
      NGINX_BIN,
      ['-p', this.directory, '-c', file, '-e', path.join(this.directory, 'startup.log')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      }
    );
    let exited = false;
    this.child.on('exit', () => (exited = true));
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    for (let attempt = 0; !(await accepting(this.port)); attempt++) {
      if (exited || attempt > 100)
        throw new Error(`nginx did not start:\n${this.output}\n${this.errorLog()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this;
  }

  errorLog(): string {
    const file = path.join(this.directory, 'error.log');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM'); // nginx's fast shutdown
      await done;
    }
    if (this.directory) fs.rmSync(this.directory, { recursive: true, force: true });
  }
}
