import type { Core } from '@strapi/strapi';

/**
 * Relies on (beyond the documented plugin API), checked on Strapi 5.0.0 and 5.54.0:
 * - `strapi.db.dialect.client` names the database (`sqlite`, `postgres`, `mysql`);
 * - on SQLite the connection pool (knex's default for its SQLite clients) holds one connection, so
 *   while a transaction runs, every other query of the process waits for it, the site's readers
 *   included. PostgreSQL and MySQL answer readers from other connections meanwhile.
 */
export const readersWaitOnTransactions = (strapi: Core.Strapi): boolean =>
  strapi.db.dialect.client === 'sqlite';

/**
 * Whether the site's transactions run one at a time (SQLite's one connection, as above): a lock row a
 * transaction inserts can then neither wait on another transaction nor deadlock with one, and every
 * lock committed before it is seen.
 */
export const transactionsRunOneAtATime = (strapi: Core.Strapi): boolean =>
  strapi.db.dialect.client === 'sqlite';
