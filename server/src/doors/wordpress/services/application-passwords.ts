import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  applicationPasswordMatches,
  chunkApplicationPassword,
  generateApplicationPassword,
  hashApplicationPassword,
  matchesEnvironmentPassword,
  normalizeLogin,
  parseEnvironmentApplicationPassword,
} from '../../../../../core/src/wordpress/application-password';
import type {
  ApplicationPasswordSummary,
  CreatedApplicationPasswordResponse,
} from '../../../../../core/src/wordpress/application-passwords-api';
import type { WordPressUser } from '../../../../../core/src/wordpress/user';
import { APPLICATION_PASSWORD_UID } from '../../../common/plugin-tables';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'pluginConfig'>;

/** The columns of a stored password a list shows: never `passwordHash`. */
const SUMMARY_COLUMNS = ['id', 'name', 'login', 'appId', 'createdAt', 'lastUsedAt', 'lastClientAddress'];

interface StoredPassword {
  id: number;
  name: string;
  login: string;
  userId: number;
  appId: string | null;
  passwordHash: string;
  createdAt: string | Date;
  lastUsedAt: string | Date | null;
  lastClientAddress: string | null;
}

interface AdminUserRow {
  id: number;
  firstname: string | null;
  lastname: string | null;
  username: string | null;
  email: string;
  isActive: boolean;
  blocked: boolean | null;
}

/** The admin creating a password: its id, and its email as the login. */
export interface PasswordOwner {
  id: number;
  email: string;
}

/**
 * The environment's password stands for no admin user. Its id is 1, a WordPress site's first
 * administrator: clients read a falsy id (WordPress's 0 is "logged out") as a failed connection. Its name
 * is its login.
 */
export const ENVIRONMENT_USER_ID = 1;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

const toSummary = (row: Omit<StoredPassword, 'passwordHash' | 'userId'>): ApplicationPasswordSummary => ({
  id: row.id,
  name: row.name,
  login: row.login,
  appId: row.appId ?? null,
  createdAt: new Date(row.createdAt).toISOString(),
  lastUsedAt: iso(row.lastUsedAt),
  lastClientAddress: row.lastClientAddress ?? null,
});

const displayName = (user: AdminUserRow) =>
  [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username || user.email;

/**
 * WordPress application passwords: created in the admin (stored as SHA-256 digests, shown once) or given
 * by ARTICLE_PUBLISHER_WP_APP_PASSWORD. Everything lives in the database, so every instance agrees.
 * No throttling here: the Basic-auth middleware counts failures.
 */
const applicationPasswordsService = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const passwords = () => strapi.db.query(APPLICATION_PASSWORD_UID);
  const environmentPassword = () => {
    const value = uses.pluginConfig.static().wordpressAppPassword;
    return value ? parseEnvironmentApplicationPassword(value) : null;
  };

  return {
    /** ARTICLE_PUBLISHER_WP_APP_PASSWORD's login as a user (id 1), or null when the environment gives none. */
    environmentUser(): WordPressUser | null {
      const environment = environmentPassword();
      return environment
        ? { id: ENVIRONMENT_USER_ID, login: environment.login, name: environment.login, adminId: null }
        : null;
    },

    /** An active admin as the WordPress user its passwords act as (its e-mail address the login), or null. */
    async adminUser(id: number): Promise<WordPressUser | null> {
      const user = (await strapi.db.query('admin::user').findOne({
        select: ['id', 'firstname', 'lastname', 'username', 'email', 'isActive', 'blocked'],
        where: { id },
      })) as AdminUserRow | null;
      if (!user || !user.isActive || user.blocked) return null;
      return { id: user.id, login: normalizeLogin(user.email), name: displayName(user), adminId: user.id };
    },

    async create(
      owner: PasswordOwner,
      input: { name: string; appId?: string }
    ): Promise<CreatedApplicationPasswordResponse> {
      const password = generateApplicationPassword();
      const row = (await passwords().create({
        data: {
          name: input.name,
          login: normalizeLogin(owner.email),
          userId: owner.id,
          appId: input.appId ?? null,
          passwordHash: hashApplicationPassword(password),
        },
        select: SUMMARY_COLUMNS,
      })) as StoredPassword;
      return { password: chunkApplicationPassword(password), applicationPassword: toSummary(row) };
    },

    async list(): Promise<ApplicationPasswordSummary[]> {
      const rows = (await passwords().findMany({
        select: SUMMARY_COLUMNS,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      })) as StoredPassword[];
      return rows.map(toSummary);
    },

    environmentLogin(): string | null {
      return environmentPassword()?.login ?? null;
    },

    /** Deletes one password; it stops working at once on every instance. */
    async revoke(id: number): Promise<void> {
      const deleted = (await passwords().delete({ where: { id }, select: ['id'] })) as { id: number } | null;
      if (!deleted) throw new errors.NotFoundError('No application password has this id.');
    },

    /**
     * The user these Basic-auth credentials stand for, or null. The password is compared in constant
     * time with each of the login's stored digests; one whose admin was removed, blocked or deactivated
     * no longer works. On success the password's last use and client address are recorded.
     */
    async verify(input: {
      login: string;
      password: string;
      clientAddress: string;
    }): Promise<WordPressUser | null> {
      const login = normalizeLogin(input.login);
      if (!login || !input.password) return null;
      const environment = environmentPassword();
      if (environment && matchesEnvironmentPassword(environment, login, input.password)) {
        return this.environmentUser();
      }
      const candidates = (await passwords().findMany({
        select: ['id', 'login', 'userId', 'passwordHash'],
        where: { login },
      })) as Pick<StoredPassword, 'id' | 'login' | 'userId' | 'passwordHash'>[];
      // Every candidate is compared, so the time taken does not tell which one matched.
      const matched = candidates.filter((row) =>
        applicationPasswordMatches(input.password, row.passwordHash)
      )[0];
      if (!matched) return null;
      const admin = await this.adminUser(matched.userId);
      if (!admin) return null;
      await passwords().update({
        where: { id: matched.id },
        data: { lastUsedAt: new Date(), lastClientAddress: input.clientAddress.slice(0, 255) },
      });
      return { ...admin, login: matched.login };
    },
  };
};

export type ApplicationPasswordsService = ReturnType<typeof applicationPasswordsService>;
export default applicationPasswordsService;
