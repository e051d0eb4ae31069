import type { Core } from '@strapi/strapi';
import type { EffectiveConfig } from '../../../../core/src/config';
import {
  capabilitiesOf,
  postWriteRefusal,
  type EditorRights,
} from '../../../../core/src/wordpress/capabilities';
import type { WordPressStatus } from '../../../../core/src/wordpress/post-request';
import { getService } from '../../common/get-service';

/**
 * Refuses a post write the caller's rights do not allow, as WordPress refuses it, before anything is
 * written. An update reads the post's status only when it matters: editing a published or scheduled
 * post needs the right to publish (an unknown id is WordPress's 404 first).
 */
export async function assertMayWritePost(
  strapi: Core.Strapi,
  rights: EditorRights,
  write: { kind: 'create' } | { kind: 'update'; id: number; config: EffectiveConfig },
  status: WordPressStatus | undefined
): Promise<void> {
  let refusal;
  if (write.kind === 'create') refusal = postWriteRefusal(rights, write, status);
  else {
    const currentStatus = capabilitiesOf(rights).edit_published_posts
      ? 'draft'
      : (await getService(strapi, 'wordpress-posts').get(write.id, write.config)).status;
    refusal = postWriteRefusal(rights, { kind: 'update', currentStatus }, status);
  }
  if (refusal) throw refusal;
}
