import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashSecret } from '../src/api-key';
import { assertValidConfig, DEFAULT_CONFIG, resolveEffectiveConfig } from '../src/config';
import {
  applicationPasswordMatches,
  chunkApplicationPassword,
  generateApplicationPassword,
  hashApplicationPassword,
  matchesEnvironmentPassword,
  normalizeApplicationPassword,
  parseEnvironmentApplicationPassword,
} from '../src/wordpress/application-password';
import {
  approvedRedirectUrl,
  authorizeApplicationProblems,
  authorizeApplicationRequest,
  redirectUrlProblem,
  rejectedRedirectUrl,
} from '../src/wordpress/authorize-application';

describe('application passwords', () => {
  it('generates 24 letters and digits, distinct each time, shown in six groups of four', () => {
    const passwords = new Set(Array.from({ length: 200 }, generateApplicationPassword));
    assert.equal(passwords.size, 200);
    for (const password of passwords) {
      assert.match(password, /^[A-Za-z0-9]{24}$/);
      assert.match(chunkApplicationPassword(password), /^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    }
  });

  it('draws from the whole alphabet of wp_generate_password without special characters', () => {
    const seen = new Set(Array.from({ length: 400 }, generateApplicationPassword).join(''));
    assert.equal(seen.size, 62);
  });

  it('stores a SHA-256 digest of the password without its spaces, never the password', () => {
    const password = generateApplicationPassword();
    const chunked = chunkApplicationPassword(password);
    const stored = hashApplicationPassword(chunked);
    assert.match(stored, /^[0-9a-f]{64}$/);
    assert.equal(stored, hashSecret(password));
    assert.ok(!stored.includes(password));
  });

  it('accepts the password with or without its spaces, and nothing else', () => {
    const password = generateApplicationPassword();
    const stored = hashApplicationPassword(password);
    assert.equal(applicationPasswordMatches(password, stored), true);
    assert.equal(applicationPasswordMatches(chunkApplicationPassword(password), stored), true);
    assert.equal(applicationPasswordMatches(`${password.slice(0, 23)}x`, stored), false);
    assert.equal(applicationPasswordMatches('a'.repeat(24), hashApplicationPassword('A'.repeat(24))), false);
    assert.equal(applicationPasswordMatches('', stored), false);
    assert.equal(applicationPasswordMatches(password, 'not-a-digest'), false);
  });

  it('strips what WordPress strips: anything but letters and digits', () => {
    assert.equal(normalizeApplicationPassword(' abcd-EFGH 1234\t'), 'abcdEFGH1234');
  });

  it('reads the environment password as login:password, split at the first colon', () => {
    assert.deepEqual(parseEnvironmentApplicationPassword('Robot@Example.com:abcd efgh:ijkl'), {
      login: 'robot@example.com',
      password: 'abcdefghijkl',
    });
    assert.equal(parseEnvironmentApplicationPassword('no-colon'), null);
    assert.equal(parseEnvironmentApplicationPassword(':password'), null);
  });

  it('matches the environment password by login (any case) and password (with or without spaces)', () => {
    const configured = parseEnvironmentApplicationPassword('robot:abcd efgh ijkl mnop qrst uvwx');
    assert.ok(configured);
    assert.equal(matchesEnvironmentPassword(configured, 'ROBOT', 'abcdefghijklmnopqrstuvwx'), true);
    assert.equal(matchesEnvironmentPassword(configured, 'robot', 'abcd efgh ijkl mnop qrst uvwx'), true);
    assert.equal(matchesEnvironmentPassword(configured, 'other', 'abcdefghijklmnopqrstuvwx'), false);
    assert.equal(matchesEnvironmentPassword(configured, 'robot', 'abcdefghijklmnopqrstuvwy'), false);
  });
});

describe('ARTICLE_PUBLISHER_WP_APP_PASSWORD', () => {
  const withPassword = (value: string) =>
    resolveEffectiveConfig(DEFAULT_CONFIG, { ARTICLE_PUBLISHER_WP_APP_PASSWORD: value });

  it('provides the wordpressAppPassword option, over the config file', () => {
    const effective = withPassword('robot:abcd efgh ijkl mnop qrst uvwx');
    assert.equal(effective.wordpressAppPassword, 'robot:abcd efgh ijkl mnop qrst uvwx');
    assert.doesNotThrow(() => assertValidConfig(effective));
  });

  it('stops the start with a clear message when it is not login:password of 16 letters and digits', () => {
    for (const value of ['no-colon-abcdefghijklmnop', 'robot:short', ':abcdefghijklmnopqrstuvwx']) {
      assert.throws(
        () => assertValidConfig(withPassword(value)),
        /"wordpressAppPassword" must be login:password, the password at least 16 letters and digits/,
        value
      );
    }
  });
});

describe('authorize-application requests', () => {
  const request = (query: Record<string, string>) => authorizeApplicationRequest(new URLSearchParams(query));

  it('reads app_name, app_id, success_url and reject_url', () => {
    assert.deepEqual(
      request({
        app_name: ' Ghost Writr ',
        app_id: '0e2b7a8c-1f0e-4b1e-9d4e-2f7a6c1d3b5a',
        success_url: 'https://app.example/done',
        reject_url: 'https://app.example/no',
      }),
      {
        appName: 'Ghost Writr',
        appId: '0e2b7a8c-1f0e-4b1e-9d4e-2f7a6c1d3b5a',
        successUrl: 'https://app.example/done',
        rejectUrl: 'https://app.example/no',
      }
    );
  });

  it('accepts https and plain http only to a loopback literal, as WordPress does', () => {
    assert.equal(redirectUrlProblem('https://app.example/cb', 'success'), null);
    assert.equal(redirectUrlProblem('http://127.0.0.1:3000/cb', 'success'), null);
    assert.equal(redirectUrlProblem('http://[::1]:8080/cb', 'success'), null);
    for (const refused of [
      'http://app.example/cb',
      'http://localhost/cb',
      'http://127.0.0.2/cb',
      'javascript://app.example/%0Aalert(1)',
      'data://text/html,x',
      'myapp://callback',
    ]) {
      assert.match(redirectUrlProblem(refused, 'success') ?? '', /secure connection \(https\)/, refused);
    }
    assert.match(
      redirectUrlProblem('not-a-url', 'reject') ?? '',
      /rejection URL is not a valid absolute URL/
    );
  });

  it('refuses a request without a name, with a non-UUID app_id or an insecure URL, naming each reason', () => {
    assert.deepEqual(
      authorizeApplicationProblems(request({ app_name: 'Koala', success_url: 'https://k.example' })),
      []
    );
    assert.deepEqual(
      authorizeApplicationProblems(
        request({ app_id: 'nope', success_url: 'http://k.example', reject_url: 'http://k.example/no' })
      ),
      [
        'The application did not give its name (app_name).',
        'The success URL must be served over a secure connection (https).',
        'The rejection URL must be served over a secure connection (https).',
        'The application id (app_id) must be a UUID.',
      ]
    );
  });

  it('sends an approval to success_url with site_url, user_login and password, keeping its own query', () => {
    const target = new URL(
      approvedRedirectUrl('https://app.example/done?state=abc', {
        siteUrl: 'https://cms.example',
        userLogin: 'owner@example.com',
        password: 'abcd efgh ijkl mnop qrst uvwx',
      })
    );
    assert.equal(target.origin + target.pathname, 'https://app.example/done');
    assert.equal(target.searchParams.get('state'), 'abc');
    assert.equal(target.searchParams.get('site_url'), 'https://cms.example');
    assert.equal(target.searchParams.get('user_login'), 'owner@example.com');
    assert.equal(target.searchParams.get('password'), 'abcdefghijklmnopqrstuvwx', 'unchunked, as WordPress');
  });

  it('sends a refusal to reject_url with success=false', () => {
    const target = new URL(rejectedRedirectUrl('https://app.example/no?x=1'));
    assert.equal(target.searchParams.get('success'), 'false');
    assert.equal(target.searchParams.get('x'), '1');
  });
});
