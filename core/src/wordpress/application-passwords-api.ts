/** Answers of the admin API for application passwords; the hash never leaves the server. */

/** One stored password as the admin lists it. */
export interface ApplicationPasswordSummary {
  id: number;
  name: string;
  /** The Basic-auth user name: the creating admin's email address. */
  login: string;
  /** The application's UUID when it was approved through the authorize-application flow. */
  appId: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  lastClientAddress: string | null;
}

export interface ApplicationPasswordsResponse {
  passwords: ApplicationPasswordSummary[];
  /** The login of the admin asking: what a password they create authenticates as. */
  login: string;
  /** The login of ARTICLE_PUBLISHER_WP_APP_PASSWORD when that is set (its password is never shown). */
  environmentLogin: string | null;
}

/** Returned once, right after creation: the only time the password is seen. */
export interface CreatedApplicationPasswordResponse {
  /** WordPress's format: 24 letters and digits in six groups of four. */
  password: string;
  applicationPassword: ApplicationPasswordSummary;
}
