import type { Core } from '@strapi/strapi';

/**
 * Relies on (beyond the documented plugin API), checked on Strapi 5.0.0 and 5.54.0:
 * - `strapi.db.dialect.client` names the database (`sqlite`, `postgres`, `mysql`);
 * - on SQLite the connection pool (knex's default for its SQLite clients) holds one connection, so
 *   while a transaction runs, every other query of the process waits for it, the site's readers
 *   included, and transactions run one at a time: a lock row a transaction inserts can neither wait
 *   on another transaction nor deadlock with one. PostgreSQL and MySQL answer readers from other
 *   connections meanwhile.
 */
export const hasOneConnection = (strapi: Core.Strapi): boolean => strapi.db.dialect.client === 'sqlite';
