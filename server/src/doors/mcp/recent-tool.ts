import { z } from 'zod';
import type { ActivityEntry } from '../../../../core/src/contracts';
import { getService } from '../../common/get-service';
import { recentOutput } from './output-schemas';
import { activityPolicy, anyOf } from './policies';
import type { McpToolDefinition } from '../../strapi/mcp-server';
import { answerNoting, READS_ONLY, toolWithArguments } from './tool-definition';

const SOURCES = ['api', 'webhook', 'wordpress', 'hook', 'mcp'] as const;

const inputSchema = z.object({
  limit: z
    .int()
    .min(1)
    .max(50)
    .default(10)
    .describe('How many deliveries, newest first (1 to 50, default 10).'),
  source: z
    .enum(SOURCES)
    .optional()
    .describe(
      'Only deliveries through this door: api (publishing API), webhook, wordpress (WordPress clients), hook (custom webhooks), mcp (agents like you).'
    ),
});

const lineOf = (entry: ActivityEntry) =>
  `${entry.createdAt} ${entry.created ? 'created' : 'updated'} post ${entry.postId ?? '?'} "${entry.title ?? entry.slug}" ` +
  `(${entry.requestedStatus}, via ${entry.source})${entry.warnings.length ? `, ${entry.warnings.length} warning(s)` : ''}`;

/** `article_publisher_recent`: the last deliveries, as the admin's Activity page lists them. */
export const recentTool = (): McpToolDefinition =>
  toolWithArguments({
    name: 'article_publisher_recent',
    title: 'Article Publisher: recent deliveries',
    description:
      'The last articles delivered to this site (by any door: the publishing API, webhooks, WordPress clients, MCP agents), newest first, with whether each created or updated a post, its status, images imported and warnings. Use it to see what happened to a delivery; to see the articles themselves use article_publisher_list. Read-only.',
    annotations: READS_ONLY,
    auth: anyOf(activityPolicy()),
    input: inputSchema,
    output: recentOutput,
    async run({ strapi, values, ignored }) {
      const { results } = await getService(strapi, 'deliveries').listDeliveries({
        page: 1,
        pageSize: values.limit,
        kind: 'articles',
        ...(values.source ? { source: values.source } : {}),
      });
      const summary = results.length
        ? results.map(lineOf).join('\n')
        : 'No article has been delivered to this site yet.';
      return answerNoting(ignored, summary, { deliveries: results });
    },
  });
