import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { ServiceError } from '../../../../core/src/errors';
import { localeParams } from '../../../../core/src/locale';
import { documentLockName, slugLockName } from '../../../../core/src/post-locks';
import { documentsOf } from '../../strapi/documents';
import { getService } from '../../common/get-service';
import { articleReads } from './article-reads';
import { articleRefFields, articleRefOf } from './article-ref';
import { unpublishOutput } from './output-schemas';
import { articlePolicies } from './policies';
import type { McpToolDefinition } from '../../strapi/mcp-server';
import { answerNoting, toolWithArguments } from './tool-definition';

const inputSchema = z.object(articleRefFields);

/**
 * `article_publisher_unpublish`: takes a post off the site, its draft kept, as the Content Manager's
 * unpublish does and with its rule: the token's `publish` right judged on the entry, its conditions
 * included (services/content-rights.ts, as the gate's rights step judges a person's write).
 */
export const unpublishTool = (strapi: Core.Strapi): McpToolDefinition =>
  toolWithArguments({
    name: 'article_publisher_unpublish',
    title: 'Article Publisher: unpublish an article',
    description:
      'Takes a published article off the site by post_id or slug: it becomes a draft (kept, not deleted; publishing it again puts it back). Needs the Content Manager’s publish right on that article. An article that is not published is left as it is (was_published: false). Ask the person before you call it.',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    auth: { policies: articlePolicies(strapi, ['publish']) },
    input: inputSchema,
    output: unpublishOutput,
    async run({ strapi, context, values, ignored, config }) {
      const { target, locale, row, view } = await articleReads(strapi).find(
        articleRefOf(values),
        await config,
        values.locale
      );
      if (!target.draftAndPublish)
        throw new ServiceError(
          'bad_request',
          `${target.uid} has no draft and publish: its articles are always live and cannot be unpublished.`
        );
      const rights = getService(strapi, 'content-rights');
      // The entry with what the rules' conditions read (its creator for "is creator").
      const populate = await rights.populateForConditions(context.userAbility, target.uid, ['publish']);
      const entry = Object.keys(populate).length
        ? await documentsOf(strapi, target.uid).findFirst({
            filters: { documentId: row.documentId },
            status: 'draft',
            populate,
            ...localeParams(target, locale),
          })
        : row;
      if (!entry || !rights.mayOnEntry(context.userAbility, target.uid, 'publish', entry))
        throw new ServiceError(
          'forbidden',
          `This token may not unpublish post ${row.id}: it lacks the Content Manager's publish right on this ${target.uid} entry.`
        );
      const lock = view.slug
        ? slugLockName(target.uid, view.slug)
        : documentLockName(target.uid, row.documentId);
      const wasPublished = await getService(strapi, 'locks').withLocks([lock], () =>
        getService(strapi, 'posts').unpublishPost(target, row.documentId, locale)
      );
      const summary = wasPublished
        ? `Post ${row.id} "${view.title}" is unpublished: a draft now, off the site.`
        : `Post ${row.id} "${view.title}" was not published; nothing changed.`;
      return answerNoting(ignored, summary, {
        post_id: row.id,
        document_id: row.documentId,
        slug: view.slug,
        status: 'draft',
        was_published: wasPublished,
      });
    },
  });
