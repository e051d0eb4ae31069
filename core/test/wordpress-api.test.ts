import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeArticle } from '../src/article';
import { basicCredentials } from '../src/wordpress/basic-auth';
import { parseWordPressDate, wordpressDate } from '../src/wordpress/dates';
import { apiLinkHeader, wordpressIndex } from '../src/wordpress/discovery';
import { fromServiceError, WordPressError } from '../src/wordpress/errors';
import { articleOptions, DEFAULT_CONFIG, resolveEffectiveConfig } from '../src/config';
import { ServiceError } from '../src/errors';
import { listQueryInput, listQuerySchema } from '../src/wordpress/list-query';
import { dispositionFileName } from '../src/wordpress/media-request';
import { mediaJson } from '../src/wordpress/media-json';
import { assertPostPageExists, paginationHeaders } from '../src/wordpress/pagination';
import { parseWordPress } from '../src/wordpress/parse';
import { articleFieldsFromPost, statusWarning, storedStatus } from '../src/wordpress/post-article';
import { postJson, type PostView } from '../src/wordpress/post-json';
import { postRequestSchema } from '../src/wordpress/post-request';
import { matchEndpoint, wordpressApiRoute } from '../src/wordpress/route-path';
import { expandTitleVariables, seoFromMeta } from '../src/wordpress/seo-meta';
import { termJson } from '../src/wordpress/term-json';
import { termRequestSchema } from '../src/wordpress/term-request';
import { userJson } from '../src/wordpress/user';
import { FULL_RIGHTS } from '../src/wordpress/capabilities';

const SERVICE = '/service/v1';
const API = 'https://cms.example.com/wp-json';

function thrown(action: () => unknown): WordPressError {
  try {
    action();
  } catch (error) {
    assert.ok(error instanceof WordPressError, String(error));
    return error;
  }
  assert.fail('expected a WordPressError');
}

describe('WordPress routes', () => {
  it('finds the route under /wp-json and ?rest_route=, leaving the service routes and other paths alone', () => {
    assert.equal(wordpressApiRoute('/wp-json', '', SERVICE, '/api'), '/');
    assert.equal(wordpressApiRoute('/wp-json/', '', SERVICE, '/api'), '/');
    assert.equal(wordpressApiRoute('/wp-json/wp/v2/posts/12', '', SERVICE, '/api'), '/wp/v2/posts/12');
    assert.equal(wordpressApiRoute('/', 'rest_route=/wp/v2/users/me', SERVICE, '/api'), '/wp/v2/users/me');
    assert.equal(wordpressApiRoute('/', 'rest_route=', SERVICE, '/api'), '/');
    assert.equal(wordpressApiRoute('/wp-json/service/v1/ping', '', SERVICE, '/api'), null);
    assert.equal(wordpressApiRoute('/', 'rest_route=/service/v1/ping', SERVICE, '/api'), null);
    assert.equal(wordpressApiRoute('/', 'rest_route=/a&rest_route=/b', SERVICE, '/api'), null);
    assert.equal(wordpressApiRoute('/', 'rest_route=/wp/v2/../x', SERVICE, '/api'), null);
    assert.equal(wordpressApiRoute('/', '', SERVICE, '/api'), null);
    assert.equal(wordpressApiRoute('/api/articles', '', SERVICE, '/api'), null);
    // Another namespace is the facade's (rest_no_route) unless Strapi's own API lives under /wp-json.
    assert.equal(wordpressApiRoute('/wp-json/yoast/v1/x', '', SERVICE, '/api'), '/yoast/v1/x');
    assert.equal(wordpressApiRoute('/wp-json/articles', '', SERVICE, '/wp-json'), null);
    assert.equal(wordpressApiRoute('/wp-json/wp/v2/posts', '', SERVICE, '/wp-json'), '/wp/v2/posts');
    assert.equal(wordpressApiRoute('/wp-json/', '', SERVICE, '/wp-json/'), '/');
  });

  it('matches endpoints by method and route, updates by POST, PUT and PATCH', () => {
    assert.deepEqual(matchEndpoint('GET', '/'), { name: 'index' });
    assert.deepEqual(matchEndpoint('HEAD', '/wp/v2/'), { name: 'namespace' });
    assert.deepEqual(matchEndpoint('GET', '/wp/v2/users/me'), { name: 'users.me' });
    assert.deepEqual(matchEndpoint('POST', '/wp/v2/posts'), { name: 'posts.create' });
    for (const method of ['POST', 'PUT', 'PATCH'])
      assert.deepEqual(matchEndpoint(method, '/wp/v2/posts/7'), { name: 'posts.update', id: 7 });
    assert.deepEqual(matchEndpoint('GET', '/wp/v2/tags'), { name: 'terms.list', taxonomy: 'post_tag' });
    assert.deepEqual(matchEndpoint('POST', '/wp/v2/categories'), {
      name: 'terms.create',
      taxonomy: 'category',
    });
    assert.deepEqual(matchEndpoint('GET', '/wp/v2/categories/3'), {
      name: 'terms.get',
      taxonomy: 'category',
      id: 3,
    });
    assert.deepEqual(matchEndpoint('POST', '/wp/v2/media'), { name: 'media.create' });
    assert.equal(matchEndpoint('DELETE', '/wp/v2/posts/7'), null);
    assert.equal(matchEndpoint('GET', '/wp/v2/comments'), null);
    assert.equal(matchEndpoint('POST', '/'), null);
    assert.equal(matchEndpoint('GET', '/wp/v2/posts/99999999999'), null);
  });
});

describe('WordPress request parsing', () => {
  it('reads Basic credentials, with colons in the password', () => {
    const header = `Basic ${Buffer.from('editor:ab:cd ef').toString('base64')}`;
    assert.deepEqual(basicCredentials(header), { login: 'editor', password: 'ab:cd ef' });
    assert.equal(basicCredentials(undefined), null);
    assert.equal(basicCredentials('Bearer abc'), null);
    assert.equal(basicCredentials(`Basic ${Buffer.from('no-colon').toString('base64')}`), null);
  });

  it('takes titles as text or {raw}, ids as numbers or comma-separated text, and names bad fields in data.params', () => {
    const request = parseWordPress(postRequestSchema, {
      title: { raw: 'Hello' },
      categories: '3,4',
      tags: [5],
      featured_media: '9',
      author: 2,
    });
    assert.equal(request.title, 'Hello');
    assert.deepEqual(request.categories, [3, 4]);
    assert.deepEqual(request.tags, [5]);
    assert.equal(request.featured_media, 9);
    const error = thrown(() => parseWordPress(postRequestSchema, { status: 'trash', categories: ['x'] }));
    assert.equal(error.code, 'rest_invalid_param');
    assert.equal(error.status, 400);
    const params = error.toBody().data.params as Record<string, string>;
    assert.ok(params.status);
    assert.ok(params['categories.0']);
    assert.equal(thrown(() => parseWordPress(postRequestSchema, [1])).code, 'rest_invalid_json');
    // The service contract's bounds on the HTML hold here too: the sanitizer measures them when the
    // post is normalized, and the refusal is answered as an invalid `content` parameter.
    const deep = `${'<div>'.repeat(200)}x${'</div>'.repeat(200)}`;
    const deepPost = parseWordPress(postRequestSchema, { title: 'x', content: deep });
    const fields = articleFieldsFromPost(deepPost, {
      title: 'x',
      html: deepPost.content ?? '',
      slug: 'x',
      categoryIds: [],
      tagNames: [],
      featuredMedia: undefined,
    });
    let refused: unknown;
    try {
      normalizeArticle(fields, articleOptions(resolveEffectiveConfig(DEFAULT_CONFIG, {})));
    } catch (error) {
      refused = error;
    }
    assert.ok(refused instanceof ServiceError);
    const tooDeep = fromServiceError(refused);
    assert.equal(tooDeep.code, 'rest_invalid_param');
    assert.equal(tooDeep.message, 'Invalid parameter(s): content');
    assert.deepEqual(tooDeep.toBody().data.params, {
      content: 'nests HTML elements more than 128 levels deep (the limit)',
    });
    assert.equal(parseWordPress(postRequestSchema, { content: '' }).content, '');
    assert.equal(
      (thrown(() => parseWordPress(termRequestSchema, {})).toBody().data.params as Record<string, string>)
        .name,
      'is required'
    );
  });

  it('reads list queries: defaults, bracketed and comma-separated slugs, per_page bounds', () => {
    const query = parseWordPress(listQuerySchema, listQueryInput('slug[]=a&slug[]=b,c&per_page=5'));
    assert.deepEqual(query.slug, ['a', 'b', 'c']);
    assert.equal(query.per_page, 5);
    assert.equal(query.page, 1);
    assert.equal(query.context, 'view');
    assert.equal(
      thrown(() => parseWordPress(listQuerySchema, listQueryInput('per_page=101'))).code,
      'rest_invalid_param'
    );
    assert.equal(
      thrown(() => parseWordPress(listQuerySchema, listQueryInput('page=0'))).code,
      'rest_invalid_param'
    );
  });

  it("reads a raw upload's file name from Content-Disposition", () => {
    assert.equal(dispositionFileName('attachment; filename="x y.png"'), 'x y.png');
    assert.equal(dispositionFileName('attachment; filename=plain.jpg'), 'plain.jpg');
    assert.equal(dispositionFileName("attachment; filename*=UTF-8''caf%C3%A9.png"), 'café.png');
    assert.equal(dispositionFileName('attachment'), undefined);
    assert.equal(dispositionFileName(undefined), undefined);
  });

  it('reads dates without a zone as UTC, as this site is', () => {
    assert.equal(parseWordPressDate('2024-05-01T09:30:00')?.toISOString(), '2024-05-01T09:30:00.000Z');
    assert.equal(parseWordPressDate('2024-05-01T09:30:00+02:00')?.toISOString(), '2024-05-01T07:30:00.000Z');
    assert.equal(parseWordPressDate('not a date'), undefined);
    assert.equal(wordpressDate('2024-05-01T09:30:00.000Z'), '2024-05-01T09:30:00');
    assert.equal(wordpressDate(null), null);
  });
});

describe('SEO meta keys', () => {
  it('keeps Yoast, Rank Math, AIOSEO and SEOPress keys, the first of each kind wins, others are dropped', () => {
    const seo = seoFromMeta(
      {
        _yoast_wpseo_metadesc: 'From Yoast',
        rank_math_description: 'From Rank Math',
        rank_math_title: '%title% %sep% %sitename%',
        rank_math_focus_keyword: 'tomatoes, small garden',
        _seopress_titles_desc: '  ',
        unrelated: 'x',
        _aioseo_title: 42,
      },
      'Growing tomatoes'
    );
    assert.equal(seo.metaDescription, 'From Yoast');
    assert.equal(seo.metaTitle, 'Growing tomatoes');
    assert.equal(seo.focusKeyword, 'tomatoes');
    assert.deepEqual(seo.secondaryKeywords, ['small garden']);
    assert.deepEqual(Object.keys(seo.kept).sort(), [
      '_yoast_wpseo_metadesc',
      'rank_math_description',
      'rank_math_focus_keyword',
      'rank_math_title',
    ]);
    assert.deepEqual(seoFromMeta(undefined, 'T').kept, {});
  });

  it("fills in the title and separator of a title template and drops the frontend's variables", () => {
    assert.equal(expandTitleVariables('%%title%% %%sep%% %%sitename%%', 'Hello'), 'Hello');
    assert.equal(expandTitleVariables('Best of %%title%% %%page%%', 'Hello'), 'Best of Hello');
  });
});

describe('a WordPress post as an article', () => {
  const resolved = {
    title: 'Growing tomatoes',
    html: '<h2>Planting</h2><p>Sun.</p>',
    slug: 'growing-tomatoes',
    categoryIds: [3, 4],
    tagNames: ['Tomatoes'],
    featuredMedia: { id: 9, url: 'https://cms.example.com/uploads/t.png', alt: 'A tomato' },
  };

  it('maps excerpt, date, featured medium, categories, tags and SEO meta onto the article fields', () => {
    const fields = articleFieldsFromPost(
      {
        excerpt: '<p>Short &amp; sweet.</p>',
        date: '2024-05-01T09:30:00',
        status: 'publish',
        meta: { _yoast_wpseo_title: 'Grow them', _yoast_wpseo_focuskw: 'tomatoes' },
      },
      resolved
    );
    assert.equal(fields.summary, 'Short & sweet.');
    assert.equal(fields.date?.toISOString(), '2024-05-01T09:30:00.000Z');
    assert.equal(fields.status, 'publish');
    assert.equal(fields.metaTitle, 'Grow them');
    assert.equal(fields.focusKeyword, 'tomatoes');
    assert.deepEqual(fields.secondaryKeywords, ['Tomatoes']);
    assert.deepEqual(fields.categories, { kind: 'ids', ids: [3, 4] });
    assert.deepEqual(fields.featuredImage, {
      source: 'https://cms.example.com/uploads/t.png',
      alt: 'A tomato',
      libraryFileId: 9,
    });
    const article = normalizeArticle(fields, { defaultStatus: 'draft', sanitize: { videoEmbedHosts: [] } });
    assert.equal(article.seo.metaTitle, 'Grow them');
    assert.equal(article.summary, 'Short & sweet.');
    assert.equal(article.date?.toISOString(), '2024-05-01T09:30:00.000Z');
  });

  it('stores statuses as WordPress does: none and private as drafts, future by its date', () => {
    const now = new Date('2024-05-01T09:30:00Z');
    const later = new Date('2024-05-01T09:30:02Z');
    const earlier = new Date('2024-04-30T09:30:00Z');
    assert.equal(storedStatus('publish', undefined, now), 'publish');
    assert.equal(storedStatus(undefined, undefined, now), 'draft');
    assert.equal(storedStatus('private', undefined, now), 'draft');
    assert.match(statusWarning('private') ?? '', /private/);
    assert.equal(statusWarning('future'), undefined);
    assert.equal(storedStatus('future', later, now), 'future');
    assert.equal(storedStatus('future', earlier, now), 'publish');
    assert.equal(storedStatus('future', now, now), 'publish');
    assert.throws(
      () => storedStatus('future', undefined, now),
      (error: unknown) =>
        error instanceof WordPressError &&
        error.status === 400 &&
        error.code === 'rest_invalid_param' &&
        'date' in (error.toBody().data.params as object)
    );
  });

  it('a future post becomes a scheduled article at its date; a past one is published now', () => {
    const now = new Date('2024-05-01T09:30:00Z');
    const options = { defaultStatus: 'draft' as const, sanitize: { videoEmbedHosts: [] }, now };
    const scheduled = normalizeArticle(
      articleFieldsFromPost({ status: 'future', date_gmt: '2024-05-01T09:30:02' }, resolved, now),
      options
    );
    assert.equal(scheduled.status, 'future');
    assert.equal(scheduled.scheduledAt?.toISOString(), '2024-05-01T09:30:02.000Z');
    const past = normalizeArticle(
      articleFieldsFromPost({ status: 'future', date: '2024-04-01T09:30:00' }, resolved, now),
      options
    );
    assert.equal(past.status, 'publish');
    assert.equal(past.scheduledAt, undefined);
    assert.equal(past.date?.toISOString(), '2024-04-01T09:30:00.000Z');
    const publishLater = normalizeArticle(
      articleFieldsFromPost({ status: 'publish', date: '2024-05-02T09:30:00' }, resolved, now),
      options
    );
    assert.equal(publishLater.status, 'future');
  });

  it('keeps the content digest of articles without the WordPress-only fields as it was', () => {
    const options = { defaultStatus: 'draft' as const, sanitize: { videoEmbedHosts: [] } };
    const plain = articleFieldsFromPost({}, { ...resolved, featuredMedia: undefined });
    const article = normalizeArticle(plain, options);
    assert.equal('summary' in article, false);
    assert.equal('date' in article, false);
  });
});

describe('WordPress JSON shapes', () => {
  const post: PostView = {
    id: 12,
    slug: 'hello',
    status: 'publish',
    title: 'Hello',
    content: '<p>Hi</p>',
    excerpt: { raw: 'Hi', rendered: '<p>Hi</p>\n' },
    date: '2024-05-01T09:30:00.000Z',
    modified: '2024-05-02T10:00:00.000Z',
    link: 'https://example.com/blog/hello',
    authorId: 1,
    featuredMedia: 0,
    categories: [3],
    tags: [],
    meta: {},
    revisions: 0,
  };

  it('a post, with raw texts in the edit context', () => {
    const view = postJson(post, API);
    assert.equal(view.id, 12);
    assert.deepEqual(view.title, { rendered: 'Hello' });
    assert.deepEqual(view.content, { rendered: '<p>Hi</p>', protected: false });
    assert.equal(view.date, '2024-05-01T09:30:00');
    assert.equal(view.date_gmt, '2024-05-01T09:30:00');
    assert.equal(view.type, 'post');
    assert.equal(view._links.self[0].href, `${API}/wp/v2/posts/12`);
    assert.deepEqual(postJson(post, API, 'edit').title, { raw: 'Hello', rendered: 'Hello' });
    assert.deepEqual(view.excerpt, { rendered: '<p>Hi</p>\n', protected: false });
    assert.deepEqual(postJson(post, API, 'edit').excerpt, {
      raw: 'Hi',
      rendered: '<p>Hi</p>\n',
      protected: false,
    });
  });

  it("a post's links and edit fields, as WordPress gives them", () => {
    const view = postJson(post, API);
    assert.equal(view._links.about[0].href, `${API}/wp/v2/types/post`);
    assert.deepEqual(view._links['version-history'], [{ count: 0, href: `${API}/wp/v2/posts/12/revisions` }]);
    assert.equal('predecessor-version' in view._links, false);
    assert.equal('wp:featuredmedia' in view._links, false);
    assert.equal('wp:action-publish' in view._links, false);
    assert.deepEqual(
      view._links['wp:term'].map((term) => term.taxonomy),
      ['category', 'post_tag']
    );
    assert.equal('password' in view, false);
    const updated = postJson(
      {
        ...post,
        revisions: 2,
        featuredMedia: 9,
        content: '<!-- wp:paragraph --><p>Hi</p><!-- /wp:paragraph -->',
      },
      API,
      'edit'
    );
    assert.equal(updated._links['predecessor-version']?.[0].id, 2);
    assert.equal(updated._links['wp:featuredmedia']?.[0].href, `${API}/wp/v2/media/9`);
    assert.equal(updated._links['wp:action-assign-tags']?.[0].href, `${API}/wp/v2/posts/12`);
    assert.equal(updated._links.curies[0].name, 'wp');
    assert.equal(updated.content.block_version, 1);
    assert.equal(postJson(post, API, 'edit').content.block_version, 0);
    assert.equal(updated.password, '');
    assert.equal(updated.permalink_template, 'https://example.com/blog/%postname%');
    assert.equal(updated.generated_slug, 'hello');
  });

  it('terms: categories have a parent, tags none', () => {
    const term = { id: 3, name: 'Gardening', slug: 'gardening', parent: 0, description: '', count: 0 };
    const category = termJson(term, 'category', API, 'https://example.com');
    assert.equal(category.parent, 0);
    assert.equal(category.taxonomy, 'category');
    assert.equal(category.link, 'https://example.com/category/gardening/');
    assert.equal(category._links.about[0].href, `${API}/wp/v2/taxonomies/category`);
    assert.equal(category._links['wp:post_type'][0].href, `${API}/wp/v2/posts?categories=3`);
    assert.equal('up' in category._links, false);
    const child = termJson({ ...term, id: 4, parent: 3 }, 'category', API, 'https://example.com');
    assert.deepEqual(child._links.up, [{ embeddable: true, href: `${API}/wp/v2/categories/3` }]);
    const tag = termJson(term, 'post_tag', API, 'https://example.com');
    assert.equal('parent' in tag, false);
    assert.equal(tag._links.self[0].href, `${API}/wp/v2/tags/3`);
    assert.equal(tag._links['wp:post_type'][0].href, `${API}/wp/v2/posts?tags=3`);
    assert.equal(tag._links.curies[0].href, 'https://api.w.org/{rel}');
  });

  it('a medium, with its pixel size and bytes', () => {
    const media = mediaJson(
      {
        id: 9,
        name: 'tomato-1a2b.png',
        url: 'https://cms.example.com/uploads/tomato.png',
        mime: 'image/png',
        alt: 'A tomato',
        caption: '',
        width: 320,
        height: 200,
        size: 2048,
        createdAt: '2024-05-01T09:30:00.000Z',
        updatedAt: null,
      },
      API,
      { title: 'Tomato', context: 'edit' }
    );
    assert.equal(media.source_url, 'https://cms.example.com/uploads/tomato.png');
    assert.equal(media.media_type, 'image');
    assert.deepEqual(media.title, { raw: 'Tomato', rendered: 'Tomato' });
    assert.equal(media.generated_slug, 'tomato-1a2b');
    assert.deepEqual(media.missing_image_sizes, []);
    assert.equal(media.media_details.image_meta?.camera, '');
    assert.equal(
      (media._links as Record<string, { href: string }[]>)['wp:action-assign-author'][0].href,
      `${API}/wp/v2/media/9`
    );
    assert.equal(media._links.about[0].href, `${API}/wp/v2/types/attachment`);
    assert.equal(media.media_details.width, 320);
    assert.equal(media.media_details.filesize, 2048);
  });

  it('the user, with capabilities only in the edit context', () => {
    const user = { id: 1, login: 'editor', name: 'editor' };
    const view = userJson(user, 'https://example.com', 'view', API, FULL_RIGHTS);
    assert.equal('capabilities' in view, false);
    assert.deepEqual(Object.keys(view.avatar_urls), ['24', '48', '96']);
    assert.deepEqual(view.meta, []);
    assert.equal(view._links.self[0].href, `${API}/wp/v2/users/1`);
    assert.equal(view.url, 'https://example.com');
    const edit = userJson(user, 'https://example.com', 'edit', API, FULL_RIGHTS);
    assert.deepEqual(edit.meta, { persisted_preferences: [] });
    assert.ok('username' in edit && 'capabilities' in edit);
    assert.equal(edit.username, 'editor');
    assert.equal(edit.capabilities.publish_posts, true);
  });

  it('the index advertises wp/v2, the authorization page and the routes', () => {
    const index = wordpressIndex({
      name: 'Site',
      description: '',
      cmsUrl: 'https://cms.example.com',
      siteUrl: 'https://example.com',
    });
    assert.deepEqual(index.namespaces, ['wp/v2']);
    assert.equal(
      index.authentication['application-passwords'].endpoints.authorization,
      'https://cms.example.com/admin/settings/article-publisher/authorize-application'
    );
    assert.ok(index.routes['/wp/v2/posts/(?P<id>[\\d]+)']);
    assert.equal(index.gmt_offset, '0');
    assert.equal(apiLinkHeader(API), `<${API}/>; rel="https://api.w.org/"`);
  });
});

describe('pagination', () => {
  const url = (page: number) => `${API}/wp/v2/posts?page=${page}`;
  it('answers totals and the neighbouring pages', () => {
    assert.deepEqual(paginationHeaders(25, 2, 10, url), {
      'X-WP-Total': '25',
      'X-WP-TotalPages': '3',
      Link: `<${url(1)}>; rel="prev", <${url(3)}>; rel="next"`,
    });
    assert.deepEqual(paginationHeaders(0, 1, 10, url), { 'X-WP-Total': '0', 'X-WP-TotalPages': '0' });
  });

  it('refuses a page of posts past the last one, not of an empty list', () => {
    assert.doesNotThrow(() => assertPostPageExists(25, 3, 10));
    assert.equal(thrown(() => assertPostPageExists(25, 4, 10)).code, 'rest_post_invalid_page_number');
    assert.doesNotThrow(() => assertPostPageExists(0, 5, 10));
  });
});

describe('WordPress errors', () => {
  it('carry additional_data beside data, as a WP_Error with further messages does', () => {
    const error = new WordPressError('term_exists', 'exists', 400, {
      data: { term_id: 2 },
      additionalData: [2],
    });
    assert.deepEqual(error.toBody(), {
      code: 'term_exists',
      message: 'exists',
      data: { status: 400, term_id: 2 },
      additional_data: [2],
    });
    assert.equal('additional_data' in new WordPressError('x', 'y', 400).toBody(), false);
  });

  it('name the JSON parser failure as WordPress does', () => {
    const body = fromServiceError(new ServiceError('invalid_json', 'bad')).toBody();
    assert.equal(body.code, 'rest_invalid_json');
    assert.equal(body.data.json_error_code, 4);
    assert.equal(body.data.json_error_message, 'Syntax error');
  });
});
