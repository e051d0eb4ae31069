import type { EffectiveConfig } from '../../../../../core/src/config';
import { WordPressError } from '../../../../../core/src/wordpress/errors';
import { listQuerySchema } from '../../../../../core/src/wordpress/list-query';
import { userCannotView } from '../../../../../core/src/wordpress/public-reads';
import { publicUser, type WordPressUser } from '../../../../../core/src/wordpress/user';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'applicationPasswords' | 'wordpressPosts'>;

/** The id every post names as its author (WordPress's first administrator). */
const AUTHOR_ID = 1;

const invalidUser = () => new WordPressError('rest_user_invalid_id', 'Invalid user ID.', 404);

/**
 * WordPress's users as this site has them: the caller (the application password's login) and the
 * author every post names, user 1: the environment's login, else the admin with id 1. As WordPress
 * shows a user to others only while they have a published post, the author is shown to others (and
 * to anyone signed out) only then, under a name-made slug (an admin's login is an e-mail address).
 */
const wordpressUsers = ({ uses }: { uses: Uses }) => {
  const passwords = () => uses.applicationPasswords;

  const author = async (): Promise<WordPressUser | null> =>
    passwords().environmentUser() ?? (await passwords().adminUser(AUTHOR_ID));

  async function hasPublishedPosts(config: EffectiveConfig): Promise<boolean> {
    const { total } = await uses.wordpressPosts.list(listQuerySchema.parse({ per_page: 1 }), config);
    return total > 0;
  }

  return {
    /** The users `caller` (null: signed out) may see, themselves first. */
    async visible(caller: WordPressUser | null, config: EffectiveConfig): Promise<WordPressUser[]> {
      const users = caller ? [caller] : [];
      const writer = await author();
      if (writer && writer.id !== caller?.id && (await hasPublishedPosts(config)))
        users.push(publicUser(writer));
      return users;
    },

    /**
     * User `id` as `caller` may see it: themselves in any context; the author in the view context
     * while they have a published post (else WordPress's 401, or 403 to a user); anyone else is unknown.
     */
    async find(
      id: number,
      caller: WordPressUser | null,
      context: 'view' | 'embed' | 'edit',
      config: EffectiveConfig
    ): Promise<WordPressUser> {
      if (caller && caller.id === id) return caller;
      const writer = await author();
      if (!writer || writer.id !== id) throw invalidUser();
      const refusal = userCannotView(caller ? 403 : 401);
      if (context === 'edit' || !(await hasPublishedPosts(config))) throw refusal;
      return publicUser(writer);
    },
  };
};

export type WordPressUsersService = ReturnType<typeof wordpressUsers>;
export default wordpressUsers;
