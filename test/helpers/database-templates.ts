import fs from 'node:fs';
import path from 'node:path';
import {
  copyTestDatabase,
  createTestDatabase,
  suiteDatabaseClient,
  testDatabaseNamed,
  type TestDatabase,
} from './databases';

/**
 * Template databases: a test's Strapi starts on a copy of a database that the playground's Strapi has
 * already started on once, instead of an empty one. Strapi's first start on an empty database creates
 * every table and seeds its roles, permissions and settings (about 2.5 of its 6 s here); from a copy it
 * only checks them, and creates the tables of the content types a test's app adds. The template is made by a start with the playground's default
 * environment and nothing else, so a copy holds exactly what a first start leaves, and each test's own
 * environment and plugin config act on its copy as they would on a first start (the plugin's start-up
 * writes are idempotent, as a restart needs them to be).
 *
 * `npm test` (scripts/test.js) gives each pass a folder of its own in TEST_DATABASE_TEMPLATES, where the
 * template of that pass is recorded (the SQLite file's or the PostgreSQL or MariaDB database's name), and
 * removes it and the folder when the pass ends. Without it (a test
 * file run on its own with `node --test`), every start gets an empty database, as before.
 */

/** What a pass's folder records of a template: its database. */
interface TemplateRecord {
  client: TestDatabase['client'];
  name: string;
}

const inProgress = new Map<string, Promise<TestDatabase>>();

/** The folder of this pass's templates, when the run keeps templates. */
export const templatesFolder = (): string | undefined => process.env.TEST_DATABASE_TEMPLATES || undefined;

/** The database's name: the PostgreSQL or MariaDB database, or the SQLite file's name without `.db`. */
const nameOf = (database: TestDatabase) =>
  database.env.DATABASE_NAME ?? path.basename(database.env.DATABASE_FILENAME, '.db');

/**
 * A new database copied from the pass's template, which `makeTemplate` creates the first time (by starting
 * the playground once on the database it is given and stopping it).
 */
export async function databaseFromTemplate(
  folder: string,
  makeTemplate: (database: TestDatabase) => Promise<void>
): Promise<TestDatabase> {
  const client = suiteDatabaseClient();
  const key = `${client}-playground`;
  const recordFile = path.join(folder, `${key}.json`);
  let template = inProgress.get(key);
  if (!template) {
    template = (async () => {
      if (fs.existsSync(recordFile)) {
        const record = JSON.parse(fs.readFileSync(recordFile, 'utf8')) as TemplateRecord;
        return testDatabaseNamed(record.client, record.name);
      }
      const fresh = await createTestDatabase(client);
      await makeTemplate(fresh);
      fs.mkdirSync(folder, { recursive: true });
      // Written last and whole: a template whose start did not finish is never used.
      const record: TemplateRecord = { client, name: nameOf(fresh) };
      fs.writeFileSync(`${recordFile}.tmp`, JSON.stringify(record));
      fs.renameSync(`${recordFile}.tmp`, recordFile);
      return fresh;
    })();
    inProgress.set(key, template);
    template.catch(() => inProgress.delete(key));
  }
  return copyTestDatabase(await template);
}
