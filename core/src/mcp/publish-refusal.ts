import type { EditorAction } from '../app-content-types';
import { ServiceError } from '../errors';
import type { ContentFormat } from '../html/markdown-to-html';

/** What an admin token may do, as far as a publish through Strapi's MCP server needs it. */
export interface McpTokenRights {
  /** The Content Manager actions on the target a publish performs (create, update, publish) the token lacks. */
  missingArticleActions: EditorAction[];
  /** The Media Library's `assets.create`. */
  upload: boolean;
}

/**
 * Whether an article carries an image the publish would import: its featured image, an inline `<img>`,
 * or in Markdown an image (`![alt](src)`, `![alt][ref]`). Read from the text, not converted: a false
 * "yes" asks for a right the publish might not have needed, never the other way round.
 */
export function carriesImages(article: {
  featuredImage?: unknown;
  body: string;
  format?: ContentFormat;
}): boolean {
  if (article.featuredImage !== undefined || /<img\b/i.test(article.body)) return true;
  return article.format === 'markdown' && /!\[/.test(article.body);
}

/**
 * Why a publish (not a dry run) through the MCP door is refused, or undefined: the token's own rights
 * decide, as an application password's admin's do on the WordPress door. Checked before anything is
 * fetched or written.
 */
export function mcpPublishRefusal(
  rights: McpTokenRights,
  targetUid: string,
  withImages: boolean
): ServiceError | undefined {
  if (rights.missingArticleActions.length) {
    return new ServiceError(
      'forbidden',
      `This token may not publish articles: it lacks the Content Manager's ${rights.missingArticleActions.join(', ')} on ${targetUid}. A dry run needs no write right.`
    );
  }
  if (withImages && !rights.upload) {
    return new ServiceError(
      'forbidden',
      "This token may not import the article's images: it lacks the Media Library's upload (plugin::upload.assets.create)."
    );
  }
  return undefined;
}
