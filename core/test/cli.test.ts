import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, runCliInProcess, runCommand } from '../../test/helpers/cli';
import { sanitizeArticleHtml, signWebhook } from '../src/toolkit';

const VECTOR_SECRET = "It's a Secret to Everybody";
const VECTOR_DIGEST = '757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

// `main` in-process for every case; the binary itself is started by the two cases that spawn it.
const cli = runCliInProcess;
const run = runCommand;

describe('article-publisher CLI', () => {
  it('webhook sign prints the published vector digest', async () => {
    const result = await cli(['webhook', 'sign', '--secret', VECTOR_SECRET], 'Hello, World!');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, `${VECTOR_DIGEST}\n`);
  });

  it('webhook sign works as the issue shows it, through npm run --silent cli', async () => {
    const result = await run(
      'npm',
      ['run', '--silent', 'cli', '--', 'webhook', 'sign', '--secret', VECTOR_SECRET],
      'Hello, World!'
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, `${VECTOR_DIGEST}\n`);
  });

  it('the bin answers as main does, through node (a spawned process)', async () => {
    const result = await runCli(['webhook', 'sign', '--secret', VECTOR_SECRET], 'Hello, World!');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, `${VECTOR_DIGEST}\n`);
  });

  it('webhook sign signs the exact bytes, trailing newline and all', async () => {
    const body = '{"a": 1}\n';
    const result = await cli(['webhook', 'sign', '--secret', 's3cret'], body);
    assert.equal(result.stdout.trim(), signWebhook(body, 's3cret'));
  });

  it('sanitize prints exactly what sanitizeArticleHtml returns', async () => {
    const html = [
      '<h2 onclick="steal()">Title</h2><script>alert(1)</script>',
      '<p style="color:red">Text with <a href="javascript:alert(1)">a bad link</a>',
      ' and <a href="https://example.com" target="_blank">a good one</a>.</p>',
      '<div class="video"><iframe src="https://www.youtube.com/embed/abc" allowfullscreen></iframe></div>',
      '<iframe src="https://evil.example/embed/x"></iframe><img src="https://img.example/a.png" alt="ä ✓">',
      '<table><tr><td colspan="2">cell</td></tr></table>\n',
    ].join('');
    const result = await cli(['sanitize'], html);
    assert.equal(result.code, 0, result.stderr);
    // The same bytes as the body the plugin stores (test/cli-check.test.ts compares with the stored body).
    assert.equal(result.stdout, sanitizeArticleHtml(html));
    assert.ok(
      !result.stdout.endsWith('\n'),
      'the trailing newline of the input is trimmed, as the plugin stores it'
    );
    assert.ok(!result.stdout.includes('script') && !result.stdout.includes('onclick'));
  });

  it('sanitize takes the allowed video hosts as options', async () => {
    const html = '<iframe src="https://player.vimeo.com/video/1"></iframe>';
    const result = await cli(['sanitize', '--video-host', 'https://player.vimeo.com/video/'], html);
    assert.equal(
      result.stdout,
      sanitizeArticleHtml(html, { videoEmbedHosts: ['https://player.vimeo.com/video/'] })
    );
    assert.match(result.stdout, /<iframe/);
  });

  it('exits 2 with a usage message on usage errors', async () => {
    const cases: [string[], RegExp][] = [
      [[], /Usage: article-publisher <command>/],
      [['frobnicate'], /unknown command "frobnicate"/],
      [['ping'], /--site is required/],
      [['ping', '--site', 'http://127.0.0.1:9'], /--key is required \(or set ARTICLE_PUBLISHER_API_KEY\)/],
      [['ping', '--site', 'not a url', '--key', 'k'], /--site must be an http\(s\) URL/],
      [['ping', '--site', 'http://127.0.0.1:9', '--key', 'k', '--bogus'], /Unknown option '--bogus'/],
      [['publish', '--site', 'http://127.0.0.1:9', '--key', 'k'], /expected <FILE>/],
      [['webhook'], /webhook needs a command: sign or send/],
      [['webhook', 'sign'], /--secret is required/],
      [
        ['check', '--site', 'http://127.0.0.1:9', '--key', 'k', '--webhook-url', 'http://127.0.0.1:9/hook'],
        /needs --secret/,
      ],
      [
        ['check', '--site', 'http://127.0.0.1:9', '--key', 'k', '--timeout-ms', 'soon'],
        /--timeout-ms must be a positive integer/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await cli(args);
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message, args.join(' '));
    }
  });

  it('prints help with exit code 0', async () => {
    const result = await cli(['check', '--help']);
    assert.equal(result.code, 0);
    assert.match(result.stdout, /article-publisher check --site URL --key KEY/);
  });

  describe('against a local receiver', () => {
    let server: http.Server;
    let baseUrl: string;
    let received: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
    let tmpDir: string;

    before(async () => {
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          received.push({ url: req.url ?? '', headers: req.headers, body });
          const status = req.url === '/refuse' ? 400 : 200;
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify(
              status === 200 ? { received: true } : { code: 'bad_request', message: 'no', data: { status } }
            )
          );
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'article-publisher-cli-'));
    });
    after(async () => {
      fs.rmSync(tmpDir, { recursive: true, force: true });
      await new Promise((resolve) => server.close(resolve));
    });

    it('webhook send delivers a signed payload and exits 0', async () => {
      received = [];
      const file = path.join(tmpDir, 'payload.json');
      fs.writeFileSync(
        file,
        JSON.stringify({ event: 'article.published', slug: 'hello', title: 'Hello' }, null, 2)
      );
      const result = await cli([
        'webhook',
        'send',
        file,
        '--url',
        `${baseUrl}/hook`,
        '--secret',
        'whsec',
        '--json',
      ]);
      assert.equal(result.code, 0, result.stderr);
      const summary = JSON.parse(result.stdout);
      assert.equal(summary.delivered, true);
      assert.equal(summary.attempts.length, 1);
      assert.equal(received.length, 1);
      assert.equal(received[0].headers['x-service-signature'], signWebhook(received[0].body, 'whsec'));
      assert.equal(received[0].headers['x-service-event'], 'article.published');
    });

    it('webhook send exits 1 when the receiver refuses', async () => {
      const file = path.join(tmpDir, 'payload.json');
      const result = await cli(['webhook', 'send', file, '--url', `${baseUrl}/refuse`, '--secret', 'whsec']);
      assert.equal(result.code, 1);
      assert.match(result.stdout, /Not delivered: the receiver answered 400, which is not retried/);
    });

    it("publish --locale sets the request's locale over the file's", async () => {
      received = [];
      const file = path.join(tmpDir, 'request.json');
      fs.writeFileSync(file, JSON.stringify({ title: 'Bonjour', content: '<p>Salut.</p>', locale: 'en' }));
      const result = await cli([
        'publish',
        file,
        '--site',
        baseUrl,
        '--key',
        'k',
        '--locale',
        'fr',
        '--json',
      ]);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(received.length, 1);
      assert.equal(received[0].url, '/api/service/v1/publish-post');
      assert.deepEqual(JSON.parse(received[0].body), {
        title: 'Bonjour',
        content: '<p>Salut.</p>',
        locale: 'fr',
      });
    });

    it('check exits 1 and says why when the site cannot be reached', async () => {
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));

      const result = await cli(['check', '--site', `http://127.0.0.1:${port}`, '--key', 'k', '--json']);
      assert.equal(result.code, 1);
      const report = JSON.parse(result.stdout);
      assert.equal(report.ok, false);
      assert.equal(report.checks[0].id, 'ping');
      assert.equal(report.checks[0].outcome, 'fail');
      assert.match(report.checks[0].detail, /network_error.*ECONNREFUSED/);
      assert.ok(report.checks.slice(1).every((check: { outcome: string }) => check.outcome === 'skip'));
    });
  });
});
