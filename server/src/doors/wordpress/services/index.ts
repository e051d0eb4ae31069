import applicationPasswords from './application-passwords';
import wordpressMedia from './media';
import wordpressPosts from './posts';
import wordpressPublicReads from './public-reads';
import wordpressRights from './rights';
import wordpressTerms from './terms';
import wordpressUsers from './users';

/** WordPress's core REST API: its posts, terms, media and users, and the application passwords it signs in with. */
export const wordpressServices = {
  'application-passwords': applicationPasswords,
  'wordpress-media': wordpressMedia,
  'wordpress-posts': wordpressPosts,
  'wordpress-public-reads': wordpressPublicReads,
  'wordpress-rights': wordpressRights,
  'wordpress-terms': wordpressTerms,
  'wordpress-users': wordpressUsers,
};
