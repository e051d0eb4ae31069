import { z } from 'zod';

/**
 * What each tool answers as `structuredContent`, as `tools/list` advertises it (`outputSchema`); the
 * MCP SDK checks every successful answer against it. Objects the contract may grow stay open.
 */

const ignored = z
  .array(z.string())
  .optional()
  .describe('Arguments the tool does not take, ignored (named so a misspelt or invented field is seen).');

const imageWarning = z.looseObject({ source_url: z.string(), reason: z.string() });

export const publishOutput = z.object({
  status: z.literal('success'),
  post_id: z
    .number()
    .optional()
    .describe('The post’s id (stable across updates); article_publisher_get takes it.'),
  document_id: z.string().optional(),
  post_url: z.string().optional().describe('Where the post is read on the site.'),
  post_status: z.enum(['draft', 'publish', 'pending', 'future']).optional(),
  scheduled_at: z.string().optional().describe('With future: when the post goes live (ISO 8601, UTC).'),
  locale: z.string().optional(),
  categories: z
    .array(z.string())
    .describe('The categories linked (or, on a dry run, that would be), by name.'),
  featured_image_result: z.string().optional(),
  inline_images_result: z
    .looseObject({ imported: z.array(z.looseObject({})), warnings: z.array(imageWarning) })
    .optional(),
  warnings: z.array(z.string()).describe('What the site changed or left out of the article, and why.'),
  dry_run: z.literal(true).optional().describe('Set on a dry run: nothing was written.'),
  action: z
    .enum(['create', 'update'])
    .optional()
    .describe('Dry run: whether a publish would create or update.'),
  target: z.looseObject({}).optional(),
  values: z.record(z.string(), z.unknown()).optional(),
  tags: z.array(z.string()).optional(),
  images: z
    .looseObject({
      featured_image: z.string().nullable(),
      inline: z.array(z.string()),
      warnings: z.array(imageWarning),
    })
    .optional(),
  ignored,
});

export const categoryOutput = z.object({
  id: z.number().describe('The id to give in the publish tool’s categories.'),
  name: z.string(),
  parent: z.number().describe('The parent category’s id; 0 at the top level.'),
});

export const siteOutput = z.looseObject({
  status: z.literal('success'),
  site_name: z.string(),
  site_url: z.string(),
  target_content_type: z.string().describe('The content type articles are written into.'),
  target_problems: z.array(z.string()).describe('What would make a publish fail or lose data.'),
  target: z
    .looseObject({})
    .optional()
    .describe('Where each part of an article lands: fields and body format.'),
  categories: z.array(categoryOutput).describe('The site’s categories (up to 100), with ids and parents.'),
  categories_total: z.number().describe('How many categories the site has.'),
});

export const recentOutput = z.object({
  deliveries: z.array(
    z.looseObject({
      id: z.number(),
      createdAt: z.string(),
      source: z.string(),
      slug: z.string(),
      created: z.boolean().nullable(),
      postId: z.number().nullable(),
      warnings: z.array(z.string()),
    })
  ),
  ignored,
});

const articleFields = {
  post_id: z.number().describe('The post’s id: what the publish tool answered as post_id.'),
  document_id: z.string(),
  slug: z.string(),
  title: z.string(),
  status: z.enum(['publish', 'future', 'pending', 'draft']),
  date: z.string().nullable(),
  modified: z.string().nullable(),
  url: z.string(),
  locale: z.string().nullable(),
  categories: z.array(categoryOutput),
};

export const articleOutput = z.object({
  ...articleFields,
  content_format: z.enum(['html', 'markdown']),
  content: z
    .string()
    .describe('The body, in content_format: edit it and publish it again with the same slug.'),
  excerpt: z.string(),
  cover: z.object({ id: z.number(), url: z.string(), alt: z.string() }).nullable(),
  ignored,
});

export const listOutput = z.object({
  articles: z.array(z.object(articleFields)),
  total: z.number().describe('How many articles match, on every page.'),
  page: z.number(),
  page_size: z.number(),
  ignored,
});

export const unpublishOutput = z.object({
  post_id: z.number(),
  document_id: z.string(),
  slug: z.string(),
  status: z.literal('draft').describe('The post’s status now: a draft, no longer on the site.'),
  was_published: z.boolean().describe('false: the post was not published, and nothing changed.'),
  ignored,
});
