import type { Core } from '@strapi/strapi';
import type { EffectiveConfig } from '../../../../../core/src/config';
import {
  findAction,
  publicReadSubject,
  UPLOAD_FILE_TYPE,
  type PublicReadEndpoint,
} from '../../../../../core/src/wordpress/public-reads';
import { documentsOf } from '../../../strapi/documents';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'targetSchema'>;

const PERMISSION_TYPE = 'plugin::users-permissions.permission';

/**
 * Which reads the WordPress door answers without credentials: those the site's own Public role
 * (users-permissions) may make through Strapi's API. What is public on a Strapi site is decided there,
 * so the door shows anonymously exactly what the site's REST API already shows to anyone.
 */
const wordpressPublicReads = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  /** The content type an anonymous read shows: the target, its category or tag type, or the Media Library. */
  function typeOf(endpoint: PublicReadEndpoint, config: EffectiveConfig): string {
    const subject = publicReadSubject(endpoint);
    if (subject === 'media') return UPLOAD_FILE_TYPE;
    const target = uses.targetSchema.profile(config);
    if (subject === 'posts') return target.uid;
    // Terms the plugin keeps (no relation for the taxonomy) belong to the posts: readable as they are.
    const role = subject === 'category' ? target.categories : target.tags;
    return role?.kind === 'relation' ? role.type.uid : target.uid;
  }

  return {
    /** Whether the Public role may `find` what an anonymous read of `endpoint` shows (read per request: admins edit it). */
    async allows(endpoint: PublicReadEndpoint, config: EffectiveConfig): Promise<boolean> {
      if (!strapi.plugins['users-permissions']) return false;
      const permission = await documentsOf(strapi, PERMISSION_TYPE).findFirst({
        fields: ['id'],
        filters: { action: findAction(typeOf(endpoint, config)), role: { type: 'public' } },
      });
      return permission !== null;
    },
  };
};

export type WordPressPublicReadsService = ReturnType<typeof wordpressPublicReads>;
export default wordpressPublicReads;
