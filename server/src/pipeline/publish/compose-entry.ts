import type { LibraryFile } from '../../../../core/src/body-formats';
import type { StoredBodyJson } from '../../../../core/src/blocks/stored-json';
import { articleBodyOf } from '../../../../core/src/html/article-body';
import { keepStoredParts } from '../../../../core/src/target-profile/kept-parts';
import {
  planValues,
  withFeaturedImage,
  withGalleries,
} from '../../../../core/src/target-profile/plan-values';
import type { DocumentRow } from '../../strapi/documents';
import { withBlocksStandIn } from '../../strapi/large-blocks-write';
import type { PublishCollaborators } from './collaborators';
import { postUrlBeforeWrite, type PublishPlan } from './plan';

/** The entry as a publish writes it, less the category and tag relations (their rows may not exist yet). */
export interface ComposedEntry {
  /** Everything the entry receives, keyed by the target's field names, the body included. */
  data: Record<string, unknown>;
  /** The body field's value (undefined: the target has none, or it is `bodyJson`). */
  body: unknown;
  /**
   * A large Blocks body as JSON text: `data` holds a stand-in, and the body is stored after Strapi's
   * save, in the same transaction (core/src/blocks/stored-json).
   */
  bodyJson?: StoredBodyJson;
  /** How the body degraded (converter warnings), in order. */
  bodyWarnings: string[];
  /** Warnings of the value plan with the entry's current values, and of the author. */
  valueWarnings: string[];
}

/** What the media step made of the article's images, as the entry needs it (a dry run has placeholders). */
export interface EntryMedia {
  libraryFiles: ReadonlyMap<string, LibraryFile>;
  featuredFileId: number | undefined;
}

/**
 * The entry's values, shared by a publish and the dry run: the body in the target's format (from the
 * article's parsed body, each imported image at its library file), the fields fitted with the
 * entry's current values, the featured image and the default author. Reads only: a publish runs it
 * before its transaction, and a large body is converted in a worker thread (`article-work`).
 */
export async function composeEntry(
  publish: PublishPlan,
  existing: DocumentRow | null,
  media: EntryMedia,
  use: Pick<PublishCollaborators, 'posts' | 'categories' | 'siteInfo' | 'articleWork'>
): Promise<ComposedEntry> {
  const { article, target, clock, selection } = publish;
  // An update that did not send the body leaves it as stored: nothing is converted or written.
  const bodyTarget = existing && article.keeps?.body ? null : target.body;
  const written = bodyTarget
    ? await clock.time('body', () =>
        use.articleWork.writeBody(
          bodyTarget,
          articleBodyOf(article),
          media.libraryFiles,
          use.posts.existingZone(target, existing)
        )
      )
    : { value: undefined, warnings: [] };
  const body = 'value' in written ? written.value : undefined;
  const bodyJson =
    bodyTarget && 'json' in written
      ? { field: bodyTarget.field, json: written.json, cuts: written.cuts }
      : undefined;
  const bodyWarnings = written.warnings;
  const values = planValues(target, {
    article,
    existing,
    now: new Date(),
    postUrl: postUrlBeforeWrite(publish.config, article, use.siteInfo),
  });
  const valueWarnings = [...values.warnings];
  const data = withFeaturedImage(values, media.featuredFileId);
  withGalleries(data, values, media.featuredFileId, media.libraryFiles.values(), valueWarnings);
  if (bodyTarget && body !== undefined) data[bodyTarget.field] = body;
  withBlocksStandIn(data, bodyJson);
  if (existing) {
    keepStoredParts(
      target,
      data,
      existing,
      { ...article.keeps, slug: article.keeps?.slug || selection.kind === 'document' },
      { summarySent: article.summary !== undefined }
    );
  }
  if (target.author && !existing?.[target.author.field]) {
    const author = await use.categories.findAuthor(target, publish.locale, valueWarnings);
    if (author) data[target.author.field] = { set: [author] };
  }
  return { data, body, ...(bodyJson ? { bodyJson } : {}), bodyWarnings, valueWarnings };
}
