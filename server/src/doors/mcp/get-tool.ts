import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { articleReads } from './article-reads';
import { articleRefFields, articleRefOf } from './article-ref';
import { articleOutput } from './output-schemas';
import { articlePolicies } from './policies';
import { statusInWords } from './results';
import type { McpToolDefinition } from '../../strapi/mcp-server';
import { answerNoting, READS_ONLY, toolWithArguments } from './tool-definition';

const inputSchema = z.object({
  ...articleRefFields,
  content_format: z
    .enum(['html', 'markdown'])
    .default('html')
    .describe(
      'How to answer the body: "html" (the default; sanitized, as the site shows it) or "markdown" (to edit and publish again with content_format "markdown").'
    ),
});

/** `article_publisher_get`: one article as it is on the site, to read or revise. */
export const getTool = (strapi: Core.Strapi): McpToolDefinition =>
  toolWithArguments({
    name: 'article_publisher_get',
    title: 'Article Publisher: read an article',
    description:
      'Reads one article of this site by post_id or slug: its title, slug, status (publish, future, pending, draft), dates, URL, body as HTML or Markdown (content_format), excerpt, categories (ids and names) and cover image. To revise an article: get it, edit the body, and publish it again with article_publisher_publish and the same slug. Read-only.',
    annotations: READS_ONLY,
    auth: { policies: articlePolicies(strapi, ['read']) },
    input: inputSchema,
    output: articleOutput,
    async run({ strapi, values, ignored, config }) {
      const article = await articleReads(strapi).get(
        articleRefOf(values),
        values.content_format,
        await config,
        values.locale
      );
      const summary =
        `Post ${article.post_id} "${article.title}" (${article.slug}) is ${statusInWords(article.status)}` +
        `${article.url ? ` at ${article.url}` : ''}; its body (${article.content_format}) follows.`;
      return answerNoting(ignored, summary, article);
    },
  });
