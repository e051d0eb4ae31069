import type { EffectiveConfig } from '../../../../../core/src/config';
import { FULL_RIGHTS, type EditorRights } from '../../../../../core/src/wordpress/capabilities';
import type { Taxonomy } from '../../../../../core/src/wordpress/term-json';
import type { WordPressUser } from '../../../../../core/src/wordpress/user';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'contentRights' | 'targetSchema'>;

/**
 * What an application password may do on the WordPress door: its admin's rights as they are at this
 * request (a demoted admin's old password loses what the role lost), read from Strapi's admin
 * permission engine and the Content Manager's checker, the ones the admin panel itself uses.
 */
/** What an application password may do, and the CASL ability of its admin (none for the service login). */
export interface AdminRights {
  rights: EditorRights;
  ability: unknown;
}

const wordpressRights = ({ uses }: { uses: Uses }) => {
  const contentRights = () => uses.contentRights;

  return {
    /**
     * The rights of `user` now, and the admin's ability they were read from (the gate judges a post
     * write on its entry with it); null when its admin was deleted, deactivated or blocked.
     */
    async of(user: WordPressUser, config: EffectiveConfig): Promise<AdminRights | null> {
      // ARTICLE_PUBLISHER_WP_APP_PASSWORD's login is the site's own service account: no admin, every right.
      if (user.adminId === null) return { rights: FULL_RIGHTS, ability: undefined };
      const ability = await contentRights().abilityOf(user.adminId);
      if (!ability) return null;
      const uid = config.targetContentType;
      const posts = contentRights().allowedOn(ability, uid);
      const target = uses.targetSchema.profile(config);
      /**
       * Creating a term creates (and, with Draft & Publish, publishes) an entry of the term type; where
       * the target has no relation for the taxonomy, the plugin keeps the term for the posts, so it is
       * the right to edit them.
       */
      const mayCreateTerms = (taxonomy: Taxonomy) => {
        const role = taxonomy === 'category' ? target.categories : target.tags;
        if (role?.kind !== 'relation') return posts.update;
        const allowed = contentRights().allowedOn(ability, role.type.uid);
        return allowed.create && (!role.type.draftAndPublish || allowed.publish);
      };
      const rights: EditorRights = {
        posts,
        draftAndPublish: contentRights().hasDraftAndPublish(uid),
        upload: contentRights().mayUpload(ability),
        terms: { category: mayCreateTerms('category'), post_tag: mayCreateTerms('post_tag') },
      };
      return { rights, ability };
    },
  };
};

export type WordPressRightsService = ReturnType<typeof wordpressRights>;
export default wordpressRights;
