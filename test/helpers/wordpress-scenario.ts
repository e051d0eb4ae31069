import sharp from 'sharp';

/**
 * The requests a WordPress publishing service makes (wpapi, n8n's node, the AI writers), in order, each
 * as it would be sent. Played once against a real WordPress to record its answers
 * (`scripts/wordpress-recording/`), and against the plugin's facade in `test/wordpress-recorded.test.ts`,
 * which compares the two answer by answer. A later step may use what an earlier answer gave
 * (`bindings`): ids, URLs and slugs differ between the two sites.
 */

export type Credential = 'valid' | 'none' | 'wrong-password';

export type StepBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; contentType: string; text: string }
  | { kind: 'raw'; contentType: string; disposition: string; bytes: Buffer }
  | {
      kind: 'multipart';
      file: { field: string; name: string; type: string; bytes: Buffer };
      fields: Record<string, string>;
    };

export interface ScenarioStep {
  name: string;
  method: 'GET' | 'HEAD' | 'POST' | 'PUT';
  /** The path and query, from the site's root. */
  path: string;
  credential: Credential;
  body?: StepBody;
}

/** Values taken from earlier answers. */
export type Bindings = Record<string, string | number>;

// JSON answers are of many shapes; the scenario reads a few fields of each.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; json: any };

async function pngBytes(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 140, b: 60 } } })
    .png()
    .toBuffer();
}

const SEO_META = {
  _yoast_wpseo_title: 'Watering a Lawn in Summer | Recording',
  _yoast_wpseo_metadesc: 'When and how much to water a lawn in the heat, without waste.',
  _yoast_wpseo_focuskw: 'watering a lawn',
  rank_math_title: 'Watering a Lawn in Summer',
  rank_math_description: 'When and how much to water a lawn in the heat.',
  rank_math_focus_keyword: 'lawn watering',
};

const wp = (route: string) => `/wp-json/wp/v2${route}`;

/** The scenario's steps, in order. Each takes the bindings gathered so far. */
export async function wordpressScenario(): Promise<{
  steps: ((bindings: Bindings) => ScenarioStep)[];
  bind: (name: string, answer: Answer, bindings: Bindings) => void;
}> {
  const image = await pngBytes(64, 48);
  const secondImage = await pngBytes(32, 32);
  const content = (b: Bindings) =>
    [
      '<!-- wp:paragraph --><p>Water early, water deep.</p><!-- /wp:paragraph -->',
      '<h2>How much water</h2>',
      '<p>About 25 mm a week, in one or two waterings.</p>',
      `<figure class="wp-block-image"><img src="${b.mediaUrl}" alt="A lawn at dawn"/></figure>`,
      '<table><thead><tr><th>Soil</th><th>Minutes</th></tr></thead><tbody><tr><td>Sand</td><td>20</td></tr></tbody></table>',
      '<h2>When</h2><p>Before nine in the morning.</p>',
    ].join('\n');
  const steps: ((b: Bindings) => ScenarioStep)[] = [
    () => ({ name: 'index', method: 'GET', path: '/wp-json/', credential: 'none' }),
    () => ({ name: 'discovery', method: 'HEAD', path: '/', credential: 'none' }),
    () => ({ name: 'users-me', method: 'GET', path: wp('/users/me'), credential: 'valid' }),
    () => ({ name: 'users-me-edit', method: 'GET', path: wp('/users/me?context=edit'), credential: 'valid' }),
    () => ({ name: 'users-me-anonymous', method: 'GET', path: wp('/users/me'), credential: 'none' }),
    () => ({
      name: 'users-me-wrong-password',
      method: 'GET',
      path: wp('/users/me'),
      credential: 'wrong-password',
    }),
    () => ({ name: 'users', method: 'GET', path: wp('/users'), credential: 'valid' }),
    () => ({
      name: 'users-me-rest-route',
      method: 'GET',
      path: '/?rest_route=/wp/v2/users/me',
      credential: 'valid',
    }),
    () => ({
      name: 'category-search-none',
      method: 'GET',
      path: wp('/categories?search=Gardening'),
      credential: 'valid',
    }),
    () => ({
      name: 'category-create-parent',
      method: 'POST',
      path: wp('/categories'),
      credential: 'valid',
      body: { kind: 'json', value: { name: 'Gardening', slug: 'gardening' } },
    }),
    (b) => ({
      name: 'category-create-child',
      method: 'POST',
      path: wp('/categories'),
      credential: 'valid',
      body: { kind: 'json', value: { name: 'Lawn Care', parent: b.parentId } },
    }),
    () => ({
      name: 'category-create-duplicate',
      method: 'POST',
      path: wp('/categories'),
      credential: 'valid',
      body: { kind: 'json', value: { name: 'Gardening' } },
    }),
    () => ({
      name: 'category-search',
      method: 'GET',
      path: wp('/categories?search=Gardening'),
      credential: 'valid',
    }),
    () => ({
      name: 'tag-create',
      method: 'POST',
      path: wp('/tags'),
      credential: 'valid',
      body: { kind: 'json', value: { name: 'summer' } },
    }),
    () => ({ name: 'tag-search', method: 'GET', path: wp('/tags?search=summer'), credential: 'valid' }),
    () => ({
      name: 'media-multipart',
      method: 'POST',
      path: wp('/media'),
      credential: 'valid',
      body: {
        kind: 'multipart',
        file: { field: 'file', name: 'lawn-at-dawn.png', type: 'image/png', bytes: image },
        fields: { title: 'Lawn at dawn', alt_text: 'A lawn at dawn', caption: 'Early watering' },
      },
    }),
    () => ({
      name: 'media-raw',
      method: 'POST',
      path: wp('/media'),
      credential: 'valid',
      body: {
        kind: 'raw',
        contentType: 'image/png',
        disposition: 'attachment; filename="sprinkler.png"',
        bytes: secondImage,
      },
    }),
    (b) => ({
      name: 'post-create',
      method: 'POST',
      path: wp('/posts'),
      credential: 'valid',
      body: {
        kind: 'json',
        value: {
          title: 'Watering a Lawn in Summer',
          content: content(b),
          excerpt: 'When and how much to water a lawn in the heat.',
          slug: 'watering-a-lawn-in-summer',
          status: 'publish',
          categories: [b.parentId, b.childId],
          tags: [b.tagId],
          featured_media: b.mediaId,
          meta: SEO_META,
        },
      },
    }),
    () => ({
      name: 'post-create-taken-slug',
      method: 'POST',
      path: wp('/posts'),
      credential: 'valid',
      body: {
        kind: 'json',
        value: {
          title: 'Watering, again',
          content: '<p>Second.</p>',
          slug: 'watering-a-lawn-in-summer',
          status: 'draft',
        },
      },
    }),
    (b) => ({
      name: 'post-update-post',
      method: 'POST',
      path: wp(`/posts/${b.postId}`),
      credential: 'valid',
      body: { kind: 'json', value: { title: 'Watering a Lawn in a Hot Summer' } },
    }),
    (b) => ({
      name: 'post-update-put',
      method: 'PUT',
      path: wp(`/posts/${b.postId}`),
      credential: 'valid',
      body: { kind: 'json', value: { excerpt: 'Water early and deep.' } },
    }),
    (b) => ({ name: 'post-get', method: 'GET', path: wp(`/posts/${b.postId}`), credential: 'valid' }),
    (b) => ({
      name: 'post-list-slug',
      method: 'GET',
      path: wp(`/posts?slug=${b.postSlug}`),
      credential: 'valid',
    }),
    () => ({ name: 'post-search', method: 'GET', path: wp('/posts?search=Watering'), credential: 'valid' }),
    () => ({
      name: 'post-list-page',
      method: 'GET',
      path: wp('/posts?per_page=1&page=1'),
      credential: 'valid',
    }),
    () => ({
      name: 'post-list-past-end',
      method: 'GET',
      path: wp('/posts?per_page=1&page=99'),
      credential: 'valid',
    }),
    () => ({ name: 'post-unknown', method: 'GET', path: wp('/posts/999999'), credential: 'valid' }),
    () => ({ name: 'no-route', method: 'GET', path: wp('/nothing-here'), credential: 'valid' }),
    () => ({
      name: 'post-create-anonymous',
      method: 'POST',
      path: wp('/posts'),
      credential: 'none',
      body: { kind: 'json', value: { title: 'Nobody', content: '<p>x</p>' } },
    }),
    () => ({
      name: 'post-create-malformed-json',
      method: 'POST',
      path: wp('/posts'),
      credential: 'valid',
      body: { kind: 'text', contentType: 'application/json', text: '{"title": "Broken",' },
    }),
    () => ({
      name: 'post-create-unknown-featured-media',
      method: 'POST',
      path: wp('/posts'),
      credential: 'valid',
      body: { kind: 'json', value: { title: 'No such image', content: '<p>x</p>', featured_media: 999999 } },
    }),
    () => ({
      name: 'post-create-unknown-category',
      method: 'POST',
      path: wp('/posts'),
      credential: 'valid',
      body: { kind: 'json', value: { title: 'No such category', content: '<p>x</p>', categories: [999999] } },
    }),
    () => ({
      name: 'media-not-an-image',
      method: 'POST',
      path: wp('/media'),
      credential: 'valid',
      body: {
        kind: 'multipart',
        file: { field: 'file', name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('not an image\n') },
        fields: {},
      },
    }),
  ];

  /** Keeps what later steps need from an answer. */
  const bind = (name: string, answer: Answer, bindings: Bindings) => {
    if (name === 'category-create-parent') bindings.parentId = answer.json.id;
    if (name === 'category-create-child') bindings.childId = answer.json.id;
    if (name === 'tag-create') bindings.tagId = answer.json.id;
    if (name === 'media-multipart') {
      bindings.mediaId = answer.json.id;
      bindings.mediaUrl = answer.json.source_url;
    }
    if (name === 'post-create') {
      bindings.postId = answer.json.id;
      bindings.postSlug = answer.json.slug;
    }
  };
  return { steps, bind };
}

/** What a step's answer was, as recorded: the status, the headers clients read, and the JSON body. */
export interface RecordedAnswer {
  name: string;
  request: { method: string; path: string; credential: Credential };
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The headers WordPress clients read (lower-case names). */
export const HEADERS_CLIENTS_READ = ['content-type', 'link', 'x-wp-total', 'x-wp-totalpages', 'allow'];

/** Sends one step to a site and reads the answer. */
export async function playStep(
  base: string,
  step: ScenarioStep,
  credentials: { login: string; password: string }
): Promise<RecordedAnswer> {
  const headers: Record<string, string> = {};
  if (step.credential !== 'none') {
    const password = step.credential === 'valid' ? credentials.password : 'wrong pass word abcd efgh ijkl';
    headers.authorization = `Basic ${Buffer.from(`${credentials.login}:${password}`).toString('base64')}`;
  }
  let body: string | Uint8Array | FormData | undefined;
  const sent = step.body;
  if (sent?.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(sent.value);
  } else if (sent?.kind === 'text') {
    headers['content-type'] = sent.contentType;
    body = sent.text;
  } else if (sent?.kind === 'raw') {
    headers['content-type'] = sent.contentType;
    headers['content-disposition'] = sent.disposition;
    body = new Uint8Array(sent.bytes);
  } else if (sent?.kind === 'multipart') {
    const form = new FormData();
    form.append(
      sent.file.field,
      new Blob([new Uint8Array(sent.file.bytes)], { type: sent.file.type }),
      sent.file.name
    );
    for (const [key, value] of Object.entries(sent.fields)) form.append(key, value);
    body = form;
  }
  const response = await fetch(`${base}${step.path}`, {
    method: step.method,
    headers,
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const kept: Record<string, string> = {};
  for (const name of HEADERS_CLIENTS_READ) {
    const value = response.headers.get(name);
    if (value !== null) kept[name] = value;
  }
  return {
    name: step.name,
    request: { method: step.method, path: step.path, credential: step.credential },
    status: response.status,
    headers: kept,
    body: json,
  };
}

/** Plays the whole scenario against a site. */
export async function playScenario(
  base: string,
  credentials: { login: string; password: string }
): Promise<RecordedAnswer[]> {
  const { steps, bind } = await wordpressScenario();
  const bindings: Bindings = {};
  const answers: RecordedAnswer[] = [];
  for (const build of steps) {
    const step = build(bindings);
    const answer = await playStep(base, step, credentials);
    bind(step.name, { status: answer.status, json: answer.body }, bindings);
    answers.push(answer);
  }
  return answers;
}
