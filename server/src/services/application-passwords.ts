import type { Core } from '@strapi/strapi';
import { secretsEqual } from '../../../core/src/api-key';
import type { WordPressUser } from '../../../core/src/wordpress/user';

/** `login:password`: the application password the environment provides (infrastructure as code, tests). */
const ENVIRONMENT_VARIABLE = 'ARTICLE_PUBLISHER_WP_APP_PASSWORD';

/** WordPress shows application passwords in groups of four; they are accepted with or without the spaces. */
const withoutSpaces = (password: string) => password.replace(/\s+/g, '');

/**
 * WordPress application passwords. This version knows only the one the environment provides; the
 * admin-created ones (stored as hashes, listed, revoked) come with the admin page (issue #28, other part).
 */
const applicationPasswords = (_context: { strapi: Core.Strapi }) => ({
  /** The user a login and password belong to, or null. The throttle is the caller's (a wrong password is counted there). */
  async verify(input: {
    login: string;
    password: string;
    clientAddress: string;
  }): Promise<WordPressUser | null> {
    const configured = process.env[ENVIRONMENT_VARIABLE] ?? '';
    const separator = configured.indexOf(':');
    if (separator <= 0) return null;
    const login = configured.slice(0, separator);
    const password = withoutSpaces(configured.slice(separator + 1));
    if (!password) return null;
    // Both compared in constant time, so the answer takes as long whichever of them is wrong.
    const loginMatches = secretsEqual(input.login, login);
    const passwordMatches = secretsEqual(withoutSpaces(input.password), password);
    return loginMatches && passwordMatches ? { id: 1, login, name: login } : null;
  },
});

export type ApplicationPasswordsService = ReturnType<typeof applicationPasswords>;
export default applicationPasswords;
