import { registerSuperAdmin } from './admin';
import { fixturePublishRequest } from './fixtures';
import { request, type HttpResponse } from './http';
import { makeImage, type ImageServer } from './image-server';
import { startPlayground, type Playground, type PlaygroundOptions } from './playground';

/** The fixture's images, served by the local image server under the paths the fixture names. */
export const FIXTURE_IMAGES = ['hero-hose.jpg', 'materials.webp', 'reel.png', 'featured.jpg'];
const FORMATS = { jpg: 'jpeg', webp: 'webp', png: 'png' } as const;

export async function serveFixtureImages(images: ImageServer): Promise<void> {
  for (const [index, name] of FIXTURE_IMAGES.entries()) {
    const format = FORMATS[name.split('.').pop() as keyof typeof FORMATS];
    images.file(`/articles/1042/${name}`, await makeImage(format, 400, 250, 40 + index), `image/${format}`);
  }
}

/**
 * Starts the image server with the fixture images, then a playground with this API key that may fetch
 * them (plain http on a loopback address), for publishing the realistic article.
 */
export async function startRealSite(
  images: ImageServer,
  key: string,
  options: PlaygroundOptions = {}
): Promise<Playground> {
  await images.start();
  await serveFixtureImages(images);
  return startPlayground({
    ...options,
    env: {
      ARTICLE_PUBLISHER_API_KEY: key,
      ARTICLE_PUBLISHER_ALLOW_HTTP: 'true',
      ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true',
      ...options.env,
    },
  });
}

/** What the realistic article says, as a site shows it back. */
export const REALISTIC = {
  slug: 'how-to-choose-a-garden-hose',
  title: 'How to Choose a Garden Hose: Length, Material and Fittings',
  metaDescription:
    'How to choose a garden hose: the right length, the best material for your garden, and which fittings last. A practical buying guide with a comparison table.',
  firstHeading: 'Why the right garden hose matters',
} as const;

/** The realistic article (headings, lists, table, quote, three images, a YouTube embed, a link, JSON-LD), its images on `images`. */
export function realisticArticle(
  images: ImageServer,
  changes: Record<string, unknown> = {}
): Record<string, unknown> {
  const json = JSON.stringify(fixturePublishRequest).replaceAll(
    'https://images.example.test/',
    `${images.url}/`
  );
  return { ...JSON.parse(json), status: 'publish', ...changes };
}

/** The plugin's settings as a site owner saves them in the admin: here only the target content type. */
export class SiteAdmin {
  private constructor(
    private readonly url: string,
    private readonly token: string
  ) {}

  static async register(url: string): Promise<SiteAdmin> {
    return new SiteAdmin(url, await registerSuperAdmin(url));
  }

  call(method: string, path: string, body?: unknown): Promise<HttpResponse> {
    return request(`${this.url}${path}`, {
      method,
      body,
      headers: { authorization: `Bearer ${this.token}` },
    });
  }

  /** Saves settings that name the target content type and nothing else: every role is detected. */
  async useTarget(targetContentType: string): Promise<void> {
    const saved = await this.call('PUT', '/article-publisher/settings', { targetContentType });
    if (saved.status !== 200) throw new Error(`saving the target failed: ${saved.status} ${saved.text}`);
  }
}

/** An entry of one of the many playground types, as Strapi's REST API returns it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- entries of many playground types, read field by field
export type Entry = Record<string, any>;

/** Entries of a collection through Strapi's public REST API, with a populate query (of one locale, on a localized type). */
export async function readEntries(
  baseUrl: string,
  collection: string,
  filters: Record<string, string>,
  populate: Record<string, string> = {},
  status: 'draft' | 'published' = 'published',
  locale?: string
): Promise<Entry[]> {
  const query = new URLSearchParams({
    status,
    ...populate,
    'pagination[pageSize]': '100',
    ...(locale ? { locale } : {}),
  });
  for (const [field, value] of Object.entries(filters)) query.set(`filters[${field}][$eq]`, value);
  const response = await request(`${baseUrl}/api/${collection}?${query}`);
  if (response.status !== 200)
    throw new Error(`reading ${collection} failed: ${response.status} ${response.text}`);
  return response.json.data;
}

/** Whether a text holds anything that looks like an HTML tag. */
export const htmlTagIn = (text: string) => /<\/?[a-z][a-z0-9-]*(\s[^>]*)?>/i.test(text);
