import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { playgroundDir } from './paths';

export type DatabaseClient = 'sqlite' | 'postgres' | 'mysql';

/** A database a playground runs on: Strapi's DATABASE_* variables, and a way to read it back. */
export interface TestDatabase {
  client: DatabaseClient;
  env: Record<string, string>;
  /** A connection for assertions (plugin tables that no API exposes, whole-database scans). */
  connect(): Knex;
  drop(): Promise<void>;
}

const POSTGRES = { host: '127.0.0.1', port: 5432, user: 'postgres', password: '', database: 'test' };
const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };

/** The client the integration suite runs on: TEST_DATABASE_CLIENT, SQLite by default. */
export function suiteDatabaseClient(): DatabaseClient {
  const client = process.env.TEST_DATABASE_CLIENT ?? 'sqlite';
  if (client !== 'sqlite' && client !== 'postgres' && client !== 'mysql') {
    throw new Error(`TEST_DATABASE_CLIENT must be sqlite, postgres or mysql (got "${client}")`);
  }
  return client;
}

async function withAdminConnection(client: 'postgres' | 'mysql', statement: string): Promise<void> {
  const admin = knex({
    client: client === 'postgres' ? 'pg' : 'mysql2',
    connection: client === 'postgres' ? POSTGRES : MARIADB,
  });
  try {
    await admin.raw(statement);
  } finally {
    await admin.destroy();
  }
}

/** The database named `name` of the given kind (created by the caller). */
export function testDatabaseNamed(client: DatabaseClient, name: string): TestDatabase {
  if (client === 'sqlite') {
    const filename = path.join(playgroundDir, '.tmp', `${name}.db`);
    return {
      client,
      env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: filename },
      connect: () => knex({ client: 'better-sqlite3', connection: { filename }, useNullAsDefault: true }),
      async drop() {
        for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(filename + suffix, { force: true });
      },
    };
  }
  const server = client === 'postgres' ? POSTGRES : MARIADB;
  return {
    client,
    env: {
      DATABASE_CLIENT: client,
      DATABASE_HOST: server.host,
      DATABASE_PORT: String(server.port),
      DATABASE_NAME: name,
      DATABASE_USERNAME: server.user,
      DATABASE_PASSWORD: server.password,
    },
    connect: () =>
      knex({ client: client === 'postgres' ? 'pg' : 'mysql2', connection: { ...server, database: name } }),
    async drop() {
      await withAdminConnection(
        client,
        client === 'postgres'
          ? `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`
          : `DROP DATABASE IF EXISTS ${name}`
      );
    },
  };
}

const newDatabaseName = () => `article_publisher_${randomBytes(6).toString('hex')}`;

/** A fresh database of the given kind, for one playground (or several sharing it). */
export async function createTestDatabase(
  client: DatabaseClient = suiteDatabaseClient()
): Promise<TestDatabase> {
  const name = newDatabaseName();
  if (client !== 'sqlite') await withAdminConnection(client, `CREATE DATABASE ${name}`);
  return testDatabaseNamed(client, name);
}

/**
 * A new database holding what `template` holds (no connection may be open on it): a copy of the SQLite
 * file, PostgreSQL's `CREATE DATABASE ... TEMPLATE`, or MariaDB's tables re-created from their own
 * `SHOW CREATE TABLE` and filled from the template's.
 */
export async function copyTestDatabase(template: TestDatabase): Promise<TestDatabase> {
  const name = newDatabaseName();
  const copy = testDatabaseNamed(template.client, name);
  if (template.client === 'sqlite') {
    fs.copyFileSync(template.env.DATABASE_FILENAME, copy.env.DATABASE_FILENAME);
  } else if (template.client === 'postgres') {
    await withAdminConnection('postgres', `CREATE DATABASE ${name} TEMPLATE ${template.env.DATABASE_NAME}`);
  } else {
    await copyMariaDbDatabase(template.env.DATABASE_NAME, name);
  }
  return copy;
}

async function copyMariaDbDatabase(from: string, to: string): Promise<void> {
  // One connection: FOREIGN_KEY_CHECKS is the session's (tables are created before those they point at).
  const admin = knex({
    client: 'mysql2',
    connection: { ...MARIADB, database: from },
    pool: { min: 1, max: 1 },
  });
  try {
    const [tables] = (await admin.raw('SHOW TABLES')) as [Record<string, string>[]];
    const names = tables.map((row) => Object.values(row)[0]);
    await admin.raw(`CREATE DATABASE ${to}`);
    await admin.raw('SET FOREIGN_KEY_CHECKS = 0');
    for (const table of names) {
      const [[row]] = (await admin.raw('SHOW CREATE TABLE ??', [table])) as [Record<string, string>[]];
      await admin.raw(`USE ${to}`);
      await admin.raw(row['Create Table']);
      await admin.raw('INSERT INTO ?? SELECT * FROM ??.??', [table, from, table]);
      await admin.raw(`USE ${from}`);
    }
  } finally {
    await admin.destroy();
  }
}

/** Kept for the PostgreSQL-only tests. */
export const createPostgresDatabase = () => createTestDatabase('postgres');

/** Every row of a table. */
export async function tableRows(database: TestDatabase, table: string): Promise<Record<string, unknown>[]> {
  const connection = database.connect();
  try {
    return (await connection(table).select('*')) as Record<string, unknown>[];
  } finally {
    await connection.destroy();
  }
}

/** The names of every table of the database, asked the way each client lists them. */
async function tableNames(connection: Knex, client: DatabaseClient): Promise<string[]> {
  if (client === 'sqlite') {
    const rows = (await connection.raw("SELECT name FROM sqlite_master WHERE type = 'table'")) as {
      name: string;
    }[];
    return rows.map((t) => t.name);
  }
  if (client === 'postgres') {
    const result = await connection.raw(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'"
    );
    return (result.rows as { name: string }[]).map((t) => t.name);
  }
  const [rows] = (await connection.raw('SHOW TABLES')) as [Record<string, string>[]];
  return rows.map((row) => Object.values(row)[0]);
}

/** Names of the tables that hold a value containing `needle` (a scan of the whole database). */
export async function tablesContaining(database: TestDatabase, needle: string): Promise<string[]> {
  const connection = database.connect();
  try {
    const tables = await tableNames(connection, database.client);
    const hits: string[] = [];
    for (const table of tables) {
      for (const row of (await connection(table).select('*')) as Record<string, unknown>[]) {
        for (const value of Object.values(row)) {
          const text = Buffer.isBuffer(value)
            ? value.toString('latin1')
            : typeof value === 'object' && value !== null
              ? JSON.stringify(value)
              : String(value);
          if (text.includes(needle)) hits.push(table);
        }
      }
    }
    return hits;
  } finally {
    await connection.destroy();
  }
}

/** The number of rows of every table, by table name (to show that nothing at all was written). */
export async function tableRowCounts(database: TestDatabase): Promise<Record<string, number>> {
  const connection = database.connect();
  try {
    const tables = await tableNames(connection, database.client);
    const counts: Record<string, number> = {};
    for (const table of tables.sort()) {
      const [{ count }] = (await connection(table).count({ count: '*' })) as { count: number | string }[];
      counts[table] = Number(count);
    }
    return counts;
  } finally {
    await connection.destroy();
  }
}

/** The indexes of a table, each with its columns in order, asked the way each client lists them. */
export async function tableIndexes(database: TestDatabase, table: string): Promise<Map<string, string[]>> {
  const connection = database.connect();
  const indexes = new Map<string, string[]>();
  const add = (name: string, column: string) => indexes.set(name, [...(indexes.get(name) ?? []), column]);
  try {
    if (database.client === 'sqlite') {
      const list = (await connection.raw(`PRAGMA index_list(??)`, [table])) as { name: string }[];
      for (const { name } of list) {
        const columns = (await connection.raw(`PRAGMA index_info(??)`, [name])) as {
          seqno: number;
          name: string;
        }[];
        for (const column of [...columns].sort((a, b) => a.seqno - b.seqno)) add(name, column.name);
      }
    } else if (database.client === 'postgres') {
      const result = await connection.raw(
        `SELECT i.relname AS name, a.attname AS column_name, k.ordinality AS position
         FROM pg_index x
         JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, ordinality) ON true
         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
         WHERE t.relname = ? ORDER BY i.relname, k.ordinality`,
        [table]
      );
      for (const row of result.rows as { name: string; column_name: string }[])
        add(row.name, row.column_name);
    } else {
      const [rows] = (await connection.raw('SHOW INDEX FROM ??', [table])) as [
        { Key_name: string; Column_name: string; Seq_in_index: number }[],
      ];
      for (const row of [...rows].sort((a, b) => a.Seq_in_index - b.Seq_in_index))
        add(row.Key_name, row.Column_name);
    }
    return indexes;
  } finally {
    await connection.destroy();
  }
}
