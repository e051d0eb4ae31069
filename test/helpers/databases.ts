import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

const POSTGRES = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };

/** A fresh PostgreSQL database for one test file, dropped afterwards. */
export async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `article_publisher_${randomBytes(6).toString('hex')}`;
  const admin = new Client(POSTGRES);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    env: {
      DATABASE_CLIENT: 'postgres',
      DATABASE_HOST: POSTGRES.host,
      DATABASE_PORT: String(POSTGRES.port),
      DATABASE_NAME: name,
      DATABASE_USERNAME: POSTGRES.user,
      DATABASE_PASSWORD: '',
    },
    async drop() {
      const client = new Client(POSTGRES);
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
