import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { REQUEST_BOUNDS as BOUNDS } from '../../../../core/src/request-bounds';
import { localeCode } from '../../../../core/src/locale';
import { articleReads, type ArticleSummary } from './article-reads';
import { listOutput } from './output-schemas';
import { articlePolicies } from './policies';
import type { McpToolDefinition } from '../../strapi/mcp-server';
import { answerNoting, READS_ONLY, toolWithArguments } from './tool-definition';

const inputSchema = z.object({
  status: z
    .enum(['any', 'publish', 'future', 'pending', 'draft'])
    .default('any')
    .describe(
      'Only articles in this status: publish (on the site), future (scheduled), pending, draft, or any (the default).'
    ),
  category: z
    .int()
    .positive()
    .optional()
    .describe('Only articles in this category, by id (article_publisher_site lists the ids).'),
  search: z
    .string()
    .max(BOUNDS.titleLength)
    .optional()
    .describe('Only articles whose title contains this text (case-insensitive).'),
  locale: localeCode
    .optional()
    .describe(
      'On a multilingual site, the locale to list (a code such as "en"); the site’s default when left out.'
    ),
  page: z.int().min(1).max(1_000_000).default(1).describe('Which page, from 1.'),
  page_size: z.int().min(1).max(50).default(10).describe('Articles per page, 1 to 50 (default 10).'),
});

const lineOf = (article: ArticleSummary) =>
  `${article.post_id} ${article.status} "${article.title}" (${article.slug})` +
  (article.categories.length ? ` in ${article.categories.map((category) => category.name).join(', ')}` : '');

/** `article_publisher_list`: the site's articles, newest first, to find the one to read or revise. */
export const listTool = (strapi: Core.Strapi): McpToolDefinition =>
  toolWithArguments({
    name: 'article_publisher_list',
    title: 'Article Publisher: list articles',
    description:
      'Lists this site’s articles, newest first, a page at a time: post_id, slug, title, status, dates, URL and categories (no body: read one with article_publisher_get). Filter by status, category id, title search and locale. Read-only.',
    annotations: READS_ONLY,
    auth: { policies: articlePolicies(strapi, ['read']) },
    input: inputSchema,
    output: listOutput,
    async run({ strapi, values, ignored, config }) {
      const { locale, ...query } = values;
      const { articles, total } = await articleReads(strapi).list(query, await config, locale);
      const summary = articles.length
        ? `${total} article(s); page ${values.page}:\n${articles.map(lineOf).join('\n')}`
        : `No article matches (${total} in all).`;
      return answerNoting(ignored, summary, {
        articles,
        total,
        page: values.page,
        page_size: values.page_size,
      });
    },
  });
