import type { Core } from '@strapi/strapi';
import { BODY_WRITERS, type LibraryFile } from '../../../core/src/body-formats';
import type { ZoneComponent } from '../../../core/src/body/zone-layout';
import type { PublishTarget } from '../../../core/src/publish-target';
import { getService } from '../utils/get-service';
import type { ArticleMedia } from './media-import';

/** The article body as the target's body field stores it: one writer per format (core/src/body-formats). */
const postBody = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The imported images' library files by their URL in the HTML, for formats that need more than a URL (blocks, zone). */
  async libraryFilesFor(target: PublishTarget, media: ArticleMedia): Promise<Map<string, LibraryFile>> {
    if (!target.body || !BODY_WRITERS[target.body.body.format].needsLibraryFiles) return new Map();
    const images = await getService(strapi, 'media-import').libraryImagesOf(media.imported);
    return new Map(
      media.imported.map((image) => [
        image.local_url,
        { id: image.attachment_id, image: images.get(image.local_url) },
      ])
    );
  },

  /** The body field's value; undefined when the target has no body field. Degradations go onto `warnings`. */
  write(
    target: PublishTarget,
    html: string,
    libraryFiles: ReadonlyMap<string, LibraryFile>,
    existingZone: ZoneComponent[],
    warnings: string[]
  ): unknown {
    if (!target.body) return undefined;
    return BODY_WRITERS[target.body.body.format].write(
      { html, body: target.body, libraryFiles, existingZone },
      warnings
    );
  },
});

export type PostBodyService = ReturnType<typeof postBody>;
export default postBody;
