import type { Core } from '@strapi/strapi';
import type { PingResponse } from '../../../../core/src/contracts';
import { isServiceError } from '../../../../core/src/errors';
import { listQuerySchema } from '../../../../core/src/wordpress/list-query';
import { getService } from '../../common/get-service';
import { siteOutput } from './output-schemas';
import { activityPolicy, anyOf, articlePolicies, settingsPolicy } from './policies';
import { answer, asTool } from './results';
import { READS_ONLY } from './tool-definition';
import type { McpToolDefinition } from '../../strapi/mcp-server';

/** How many categories the site tool lists (the WordPress door's largest page). */
const CATEGORIES_LISTED = 100;

type Category = { id: number; name: string; parent: number };

const summaryOf = (ping: PingResponse, categories: Category[], total: number) =>
  `${ping.site_name} (${ping.site_url}) takes articles into ${ping.target_content_type}` +
  (ping.target_problems.length ? `; problems: ${ping.target_problems.join('; ')}` : '') +
  `; categories (id: name): ${categories.map(({ id, name }) => `${id}: ${name}`).join(', ') || 'none'}` +
  (total > categories.length ? ` (${total - categories.length} more)` : '') +
  '.';

/** `article_publisher_site`: what the ping answers and the categories, so an agent can plan an article. */
export const siteTool = (strapi: Core.Strapi): McpToolDefinition => ({
  name: 'article_publisher_site',
  title: 'Article Publisher: what the site takes',
  description:
    'What this Strapi site can take before you write an article: the target content type, its body format, the fields found (title, body, slug, SEO, featured image, categories, tags), problems, and the categories with their ids and parents (give ids in the publish tool’s categories, or names in category and sub_category). Call it first. Read-only.',
  annotations: READS_ONLY,
  auth: anyOf(settingsPolicy(), activityPolicy(), ...articlePolicies(strapi, ['read', 'create'])),
  resolveOutputSchema: () => siteOutput,
  createHandler: (strapi) => async () =>
    asTool(strapi, 'article_publisher_site', async () => {
      const ping = await getService(strapi, 'site-info').ping();
      const config = await getService(strapi, 'plugin-config').get();
      // A target that cannot take articles has no categories to list; the ping's problems say why.
      const { terms, total } = await getService(strapi, 'wordpress-terms')
        .list('category', listQuerySchema.parse({ per_page: CATEGORIES_LISTED }), config)
        .catch((error: unknown) => {
          if (isServiceError(error)) return { terms: [], total: 0 };
          throw error;
        });
      const categories = terms.map(({ id, name, parent }) => ({ id, name, parent }));
      return answer(summaryOf(ping, categories, total), {
        ...ping,
        categories,
        categories_total: total,
      });
    }),
});
