import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answeringPrefixes, isServiceRequest, wordpressServiceRoute } from '../src/service-paths';

const BASE = '/service/v1';

describe('WordPress paths to the service routes', () => {
  it('maps /wp-json/service/v1/... to the route below the prefix, whatever its case or trailing slash', () => {
    assert.equal(wordpressServiceRoute('/wp-json/service/v1/ping', '', BASE), '/service/v1/ping');
    assert.equal(wordpressServiceRoute('/WP-JSON/Service/v1/webhook/', 'x=1', BASE), '/Service/v1/webhook/');
    for (const path of [
      '/wp-json/wp/v2/posts',
      '/wp-json/service/v10/ping',
      '/wp-jsonx/service/v1/ping',
      '/api/service/v1/ping',
    ]) {
      assert.equal(wordpressServiceRoute(path, '', BASE), null, path);
    }
  });

  it('maps /?rest_route=/service/v1/... on the site root only, with exactly one plain route', () => {
    assert.equal(
      wordpressServiceRoute('/', 'rest_route=/service/v1/publish-post', BASE),
      '/service/v1/publish-post'
    );
    assert.equal(
      wordpressServiceRoute('/', 'rest_route=%2Fservice%2Fv1%2Fping&_=1', BASE),
      '/service/v1/ping'
    );
    for (const [path, query] of [
      ['/', 'rest_route=/wp/v2/posts'],
      ['/', 'rest_route=service/v1/ping'],
      ['/', 'rest_route=/service/v1/../../admin'],
      ['/', 'rest_route=/service/v1/ping%3Fx'],
      ['/', 'rest_route=/service/v1/ping&rest_route=/service/v1/webhook'],
      ['/', ''],
      ['/blog', 'rest_route=/service/v1/ping'],
    ]) {
      assert.equal(wordpressServiceRoute(path, query, BASE), null, `${path}?${query}`);
    }
  });

  it('counts both forms as service requests (their bodies are left to the routes), next to the native one', () => {
    assert.equal(isServiceRequest('/api/service/v1/webhook', '', '/api', BASE), true);
    assert.equal(isServiceRequest('/wp-json/service/v1/webhook', '', '/api', BASE), true);
    assert.equal(isServiceRequest('/', 'rest_route=/service/v1/webhook', '/api', BASE), true);
    assert.equal(isServiceRequest('/rest/service/v1/webhook', '', '/rest', BASE), true);
    assert.equal(isServiceRequest('/api/articles', 'rest_route=/service/v1/webhook', '/api', BASE), false);
  });

  it('lists the prefixes that answer, without the WordPress ones when they are off', () => {
    assert.deepEqual(answeringPrefixes('/api', true), ['/api', '/wp-json', '/?rest_route=']);
    assert.deepEqual(answeringPrefixes('/rest', false), ['/rest']);
    assert.deepEqual(answeringPrefixes('/wp-json', true), ['/wp-json', '/?rest_route=']);
  });
});
