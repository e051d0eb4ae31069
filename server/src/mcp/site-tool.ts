import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import type { PingResponse } from '../../../core/src/contracts';
import { getService } from '../utils/get-service';
import { activityPolicy, anyOf, articlePolicies, settingsPolicy } from './policies';
import { answer, asTool } from './results';
import type { McpToolDefinition } from './strapi-mcp';

const summaryOf = (ping: PingResponse) =>
  `${ping.site_name} (${ping.site_url}) takes articles into ${ping.target_content_type}` +
  (ping.target_problems.length ? `; problems: ${ping.target_problems.join('; ')}` : '.');

/** `article_publisher_site`: what the ping answers, so an agent can plan an article before writing it. */
export const siteTool = (strapi: Core.Strapi): McpToolDefinition => ({
  name: 'article_publisher_site',
  title: 'Article Publisher: what the site takes',
  description:
    'What this Strapi site can take before you write an article: the target content type, its body format, the fields found (title, body, slug, SEO, featured image, categories, tags), locales, categories with their ids, and problems. Read-only.',
  auth: anyOf(settingsPolicy(), activityPolicy(), ...articlePolicies(strapi, ['read', 'create'])),
  resolveOutputSchema: () => z.looseObject({ status: z.literal('success'), target_content_type: z.string() }),
  createHandler: (strapi) => async () =>
    asTool(strapi, 'article_publisher_site', async () => {
      const ping = await getService(strapi, 'site-info').ping();
      return answer(summaryOf(ping), ping);
    }),
});
