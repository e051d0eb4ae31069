import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discoveryHomePage, isAdminRedirect, isDiscoveryPage, pathOf } from '../src/wordpress/discovery';
import { WordPressError } from '../src/wordpress/errors';
import { mediaListQueryInput, mediaListQuerySchema } from '../src/wordpress/media-list-query';
import { parseWordPress } from '../src/wordpress/parse';
import {
  editContextRefusal,
  findAction,
  isPublicRead,
  isWrite,
  publicReadSubject,
} from '../src/wordpress/public-reads';
import { matchEndpoint } from '../src/wordpress/route-path';
import {
  answerWithoutLogin,
  rsdDocument,
  WORDPRESS_XMLRPC_METHODS,
  xmlrpcMethodName,
  xmlrpcStringArray,
} from '../src/wordpress/xmlrpc';

describe('anonymous reads (issue #56 part B)', () => {
  it('routes GET /media and /users/{id}, and knows which reads anyone may make', () => {
    assert.deepEqual(matchEndpoint('GET', '/wp/v2/media'), { name: 'media.list' });
    assert.deepEqual(matchEndpoint('POST', '/wp/v2/media'), { name: 'media.create' });
    assert.deepEqual(matchEndpoint('GET', '/wp/v2/users/7'), { name: 'users.get', id: 7 });
    assert.deepEqual(matchEndpoint('GET', '/wp/v2/users/me'), { name: 'users.me' });
    assert.equal(matchEndpoint('POST', '/wp/v2/users/7'), null);

    const read = (method: string, route: string) => {
      const endpoint = matchEndpoint(method, route);
      assert.ok(endpoint, route);
      return endpoint;
    };
    assert.ok(isPublicRead(read('GET', '/wp/v2/posts/3')));
    assert.ok(isPublicRead(read('GET', '/wp/v2/tags')));
    assert.ok(!isPublicRead(read('GET', '/wp/v2/users/me')), 'users/me needs a login, as in WordPress');
    assert.ok(!isPublicRead(read('POST', '/wp/v2/posts')));
    assert.ok(isWrite(read('POST', '/wp/v2/posts')) && isWrite(read('PUT', '/wp/v2/posts/3')));
    assert.ok(!isWrite(read('GET', '/wp/v2/posts')));
  });

  it('names the type whose Public find permission each read needs', () => {
    const subject = (route: string) => {
      const endpoint = matchEndpoint('GET', route);
      assert.ok(endpoint && isPublicRead(endpoint), route);
      return publicReadSubject(endpoint);
    };
    assert.equal(subject('/wp/v2/posts'), 'posts');
    assert.equal(subject('/wp/v2/users/1'), 'posts', 'an author is shown as the posts are');
    assert.equal(subject('/wp/v2/categories/2'), 'category');
    assert.equal(subject('/wp/v2/tags'), 'post_tag');
    assert.equal(subject('/wp/v2/media'), 'media');
    assert.equal(findAction('api::article.article'), 'api::article.article.find');
    assert.equal(findAction('plugin::upload.file'), 'plugin::upload.content-api.find');
  });

  it("answers context=edit signed out with WordPress's codes", () => {
    const refusal = (route: string) => {
      const endpoint = matchEndpoint('GET', route);
      assert.ok(endpoint && isPublicRead(endpoint));
      return editContextRefusal(endpoint, 401);
    };
    assert.equal(refusal('/wp/v2/posts').code, 'rest_forbidden_context');
    assert.equal(refusal('/wp/v2/posts/3').message, 'Sorry, you are not allowed to edit this post.');
    assert.equal(
      refusal('/wp/v2/tags').message,
      'Sorry, you are not allowed to edit terms in this taxonomy.'
    );
    assert.equal(refusal('/wp/v2/users/1').code, 'rest_user_cannot_view');
    assert.equal(refusal('/wp/v2/media').status, 401);
  });
});

describe('GET /wp/v2/media query', () => {
  const parse = (query: string) => parseWordPress(mediaListQuerySchema, mediaListQueryInput(query));

  it('reads media_type, mime_type and parent as WordPress does', () => {
    const query = parse('media_type=image&mime_type=image/png&parent=0,4&per_page=5&search=cat');
    assert.equal(query.media_type, 'image');
    assert.equal(query.mime_type, 'image/png');
    assert.deepEqual(query.parent, [0, 4]);
    assert.equal(query.per_page, 5);
    assert.equal(query.search, 'cat');
    assert.equal(parse('mime_type=image').mime_type, undefined, 'a type WordPress does not know is ignored');
    assert.equal(parse('').page, 1);
  });

  it('refuses an unknown media_type and a per_page over 100', () => {
    for (const query of ['media_type=picture', 'per_page=101', 'parent=-1']) {
      assert.throws(
        () => parse(query),
        (error: unknown) => error instanceof WordPressError && error.code === 'rest_invalid_param',
        query
      );
    }
  });
});

describe('discovery and XML-RPC', () => {
  it('carries the discovery link on the home page and the admin panel', () => {
    const admin = pathOf('/admin');
    assert.equal(pathOf('https://cms.example.com/dashboard/'), '/dashboard');
    assert.ok(isDiscoveryPage('/', admin));
    assert.ok(isDiscoveryPage('/admin', admin) && isDiscoveryPage('/admin/', admin));
    assert.ok(!isDiscoveryPage('/admin/settings', admin));
    assert.ok(!isDiscoveryPage('/api/articles', admin));
  });

  it('answers the two method lists without login, and nothing else', () => {
    const call = (name: string) =>
      `<?xml version="1.0"?>\n<methodCall>\n<methodName>${name}</methodName>\n<params></params>\n</methodCall>`;
    assert.equal(xmlrpcMethodName(call('mt.supportedMethods')), 'mt.supportedMethods');
    assert.equal(xmlrpcMethodName('<methodCall><params/></methodCall>'), null);
    assert.equal(xmlrpcMethodName('not xml'), null);
    assert.deepEqual(answerWithoutLogin('mt.supportedMethods'), [...WORDPRESS_XMLRPC_METHODS]);
    const listed = answerWithoutLogin('system.listMethods');
    assert.deepEqual(listed?.slice(0, 3), [
      'system.multicall',
      'system.listMethods',
      'system.getCapabilities',
    ]);
    assert.equal(listed?.at(-1), 'wp.getUsersBlogs');
    assert.equal(answerWithoutLogin('wp.newPost'), null);
    assert.equal(answerWithoutLogin('demo.sayHello'), null);
    assert.equal(answerWithoutLogin(null), null);
    assert.match(xmlrpcStringArray(['a<b']), /<value><string>a&lt;b<\/string><\/value>/);
  });

  it("RSD lists WordPress's APIs, the REST API among them", () => {
    const rsd = rsdDocument({
      homeUrl: 'https://www.example.com',
      xmlrpcUrl: 'https://cms.example.com/xmlrpc.php',
      apiRoot: 'https://cms.example.com/wp-json',
    });
    assert.match(
      rsd,
      /<api name="WP-API" blogID="1" preferred="false" apiLink="https:\/\/cms\.example\.com\/wp-json\/" \/>/
    );
    assert.match(rsd, /<homePageLink>https:\/\/www\.example\.com<\/homePageLink>/);
  });
});

describe('the discovery home page', () => {
  it('replaces only a redirect to the admin panel', () => {
    assert.equal(isAdminRedirect(302, '/admin', '/admin'), true);
    assert.equal(isAdminRedirect(302, 'http://cms.example/admin/', '/admin'), true);
    assert.equal(isAdminRedirect(302, '/elsewhere', '/admin'), false);
    assert.equal(isAdminRedirect(200, undefined, '/admin'), false);
  });

  it('links the API and sends a browser on to the admin, escaping the site name', () => {
    const page = discoveryHomePage({
      name: 'Tom & "Jerry" <3',
      apiRoot: 'http://cms.example/wp-json',
      adminUrl: '/admin',
    });
    assert.match(page, /<link rel="https:\/\/api\.w\.org\/" href="http:\/\/cms\.example\/wp-json\/">/);
    assert.match(page, /<meta http-equiv="refresh" content="0; url=\/admin">/);
    assert.match(page, /Tom &#38; &#34;Jerry&#34; &#60;3/);
  });
});
