import type { EditorAction } from '../app-content-types';
import { ServiceError } from '../errors';

/** What an admin token may do, as far as a publish through Strapi's MCP server needs it. */
export interface McpTokenRights {
  /** The Content Manager actions on the target a publish performs (create, update, publish) the token lacks. */
  missingArticleActions: EditorAction[];
  /** The Media Library's `assets.create`. */
  upload: boolean;
}

/** Whether an article carries an image the publish would import (its featured image or an inline `<img>`). */
export function carriesImages(article: { featuredImage?: unknown; html: string }): boolean {
  return article.featuredImage !== undefined || /<img\b/i.test(article.html);
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
