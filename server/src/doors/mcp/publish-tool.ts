import type { Core } from '@strapi/strapi';
import { articleFromPublishRequest } from '../../../../core/src/article';
import type { DryRunResponse } from '../../../../core/src/dry-run';
import type { ContentFormat } from '../../../../core/src/html/markdown-to-html';
import { ServiceError } from '../../../../core/src/errors';
import { carriesImages, mcpPublishRefusal } from '../../../../core/src/mcp/publish-refusal';
import { toPublishResponse } from '../../../../core/src/publish-result';
import { parsePublishRequest } from '../../../../core/src/publish-request';
import type { PublishResponse } from '../../../../core/src/contracts';
import { getService } from '../../common/get-service';
import { ownerByline } from './owner-byline';
import { articlePolicies, uploadPolicy } from './policies';
import type { PluginMcpTool } from './tool-definition';
import { contentFormatSchema, publishToolInput } from './publish-input';
import { publishOutput } from './output-schemas';
import { answer, asTool, mcpClient, statusInWords } from './results';
import { ignoredLine, unknownFields } from './tool-input';
import type { McpHandlerContext } from '../../strapi/mcp-server';

/** The fields the tool takes, to name the others it ignores. */
const TOOL_FIELDS = publishToolInput().shape;

const published = (response: PublishResponse) =>
  `Post ${response.post_id} is ${statusInWords(response.post_status)}${response.post_url ? ` at ${response.post_url}` : ''}` +
  `; categories: ${response.categories.join(', ') || 'none'}` +
  (response.warnings.length ? `; warnings: ${response.warnings.join('; ')}` : '.');

const previewed = (preview: DryRunResponse) =>
  `Dry run: a publish would ${preview.action} a post; nothing was written` +
  (preview.images.warnings.length ? `; ${preview.images.warnings.length} image warning(s).` : '.');

/**
 * The arguments are bounded as a publish-post body is (`bodyLimitBytes`, measured as JSON), so an
 * agent cannot hand the pipeline more than a service could; Strapi's own body limit on /mcp may
 * refuse a large call before this one.
 */
function assertWithinBodyLimit(args: unknown, limitBytes: number): void {
  if (Buffer.byteLength(JSON.stringify(args ?? {}), 'utf8') > limitBytes)
    throw new ServiceError('payload_too_large', `The tool's arguments are larger than ${limitBytes} bytes.`);
}

/**
 * Splits the tool's own arguments (`dry_run`, `content_format`) off publish-post's request; a bad one
 * is the contract's bad request.
 */
function toolArgumentsOf(args: Record<string, unknown>): {
  dryRun: boolean;
  contentFormat: ContentFormat;
  body: Record<string, unknown>;
} {
  const { dry_run: dryRun, content_format: contentFormat, ...body } = args;
  if (dryRun !== undefined && typeof dryRun !== 'boolean') {
    throw new ServiceError('bad_request', 'Invalid publish request: dry_run must be true or false.');
  }
  const format = contentFormatSchema.safeParse(contentFormat);
  if (!format.success) {
    throw new ServiceError(
      'bad_request',
      'Invalid publish request: content_format must be html or markdown.'
    );
  }
  return { dryRun: dryRun === true, contentFormat: format.data ?? 'html', body };
}

/**
 * `article_publisher_publish`: what `POST /api/service/v1/publish-post` does (controllers/service-api.ts),
 * with the calling token's own rights (the Content Manager's create, update, publish on the target;
 * the Media Library's upload when the article has images) checked before anything is fetched or written.
 */
export const publishTool = (strapi: Core.Strapi): PluginMcpTool => ({
  name: 'article_publisher_publish',
  title: 'Article Publisher: publish an article',
  description:
    'Publishes a whole article into this Strapi site in one call, as an article service would: give the body as HTML, or as Markdown with content_format: "markdown" (sanitized, converted to the site’s body format), the title, and optionally slug, status (draft, publish, pending, future with date), SEO fields, JSON-LD, categories (names in category and sub_category, existing ids in categories), a featured image (https or data: URL) with alt text and a locale. Images are imported into the Media Library; categories are found or created. Publishing the same slug again updates the same post: to revise an article, read it with article_publisher_get, edit it, and publish it again with its slug. Use dry_run: true to see how the site would take the article without writing anything (needs no write right). Call article_publisher_site first to see what the site takes and its categories.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  auth: { policies: articlePolicies(strapi, ['create', 'update', 'publish', 'read']) },
  // The upload is checked by the handler when the article carries images (mcpPublishRefusal).
  alsoNeeds: [uploadPolicy()],
  resolveInputSchema: publishToolInput,
  resolveOutputSchema: () => publishOutput,
  createHandler:
    (strapi: Core.Strapi, context: McpHandlerContext) =>
    async ({ args }) =>
      asTool(strapi, 'article_publisher_publish', async () => {
        assertWithinBodyLimit(args, getService(strapi, 'plugin-config').static().bodyLimitBytes);
        const { dryRun, contentFormat, body } = toolArgumentsOf(args ?? {});
        const ignored = unknownFields(TOOL_FIELDS, args ?? {});
        const noted = ignored.length ? { ignored } : {};
        const request = parsePublishRequest(body);
        const config = await getService(strapi, 'plugin-config').get();
        if (!dryRun) {
          const uid = config.targetContentType;
          const rights = getService(strapi, 'content-rights');
          const refusal = mcpPublishRefusal(
            {
              missingArticleActions: rights.missingForArticles(context.userAbility, uid),
              upload: rights.mayUpload(context.userAbility),
            },
            uid,
            carriesImages({
              featuredImage: request.featured_image ?? undefined,
              body: request.content,
              format: contentFormat,
            })
          );
          // A token refused its rights counts as a failed credential does on the other doors: past the
          // throttle's limit the client is answered 429 (Retry-After) until its failures age out.
          if (refusal)
            await getService(strapi, 'auth-throttle').refuse(mcpClient(strapi), 'MCP publish right', refusal);
        }
        const gateRequest = {
          door: 'mcp' as const,
          caller: { kind: 'person' as const, ability: context.userAbility, adminId: Number(context.user.id) },
          fields: {
            ...articleFromPublishRequest(request),
            contentFormat,
            authorName: await ownerByline(strapi, context),
          },
          origin: { source: 'mcp' as const },
          config,
        };
        const gate = getService(strapi, 'gate');
        if (dryRun) {
          const preview = await gate.preview(gateRequest);
          return answer(previewed(preview) + ignoredLine(ignored), { ...preview, ...noted });
        }
        const response = toPublishResponse(await gate.publish(gateRequest));
        return answer(published(response) + ignoredLine(ignored), { ...response, ...noted });
      }),
});
