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
 * only checks them, and creates the tables of the content types a test's app adds. The template is made
 * by a start with the playground's default environment and nothing else, so a copy holds exactly what a
 * first start leaves, and each test's own environment and plugin config act on its copy as they would on
 * a first start (the plugin's start-up writes are idempotent, as a restart needs them to be).
 *
 * `npm test` (scripts/test.js) gives each pass a folder of its own in TEST_DATABASE_TEMPLATES, where the
 * template of that pass is recorded, and drops it and removes the folder when the pass ends
 * (drop-templates.ts). Without it (a test file run on its own with `node --test`), every start gets an
 * empty database, as before.
 */

/** What a pass's folder records of its template: its database. */
interface TemplateRecord {
  client: TestDatabase['client'];
  name: string;
}

/** This process's template, once found in the folder or made. */
let template: Promise<TestDatabase> | undefined;

/** The folder of this pass's templates, when the run keeps templates. */
export const templatesFolder = (): string | undefined => process.env.TEST_DATABASE_TEMPLATES || undefined;

/** The database's name: the PostgreSQL or MariaDB database, or the SQLite file's name without `.db`. */
const nameOf = (database: TestDatabase) =>
  database.env.DATABASE_NAME ?? path.basename(database.env.DATABASE_FILENAME, '.db');

/**
 * The records of this database's templates in the folder. Each process that makes one writes its own
 * record (the pid in its name): test files of one database may run side by side (scripts/test.js), so two
 * may make a template at once, and both are dropped at the end.
 */
const recordPrefix = () => `${suiteDatabaseClient()}-playground`;
const recordFileIn = (folder: string) => path.join(folder, `${recordPrefix()}-${process.pid}.json`);
const existingRecordIn = (folder: string): string | undefined => {
  if (!fs.existsSync(folder)) return undefined;
  const name = fs
    .readdirSync(folder)
    .find((file) => file.startsWith(`${recordPrefix()}-`) && file.endsWith('.json'));
  return name && path.join(folder, name);
};

const readRecords = (folder: string): TemplateRecord[] =>
  fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((file) => file.endsWith('.json'))
        .map((file) => JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as TemplateRecord)
    : [];

/**
 * A new database copied from the pass's template, which `makeTemplate` creates the first time (by starting
 * the playground once on the database it is given and stopping it).
 */
export async function databaseFromTemplate(
  folder: string,
  makeTemplate: (database: TestDatabase) => Promise<void>
): Promise<TestDatabase> {
  template ??= (async () => {
    const existing = existingRecordIn(folder);
    if (existing) {
      const record = JSON.parse(fs.readFileSync(existing, 'utf8')) as TemplateRecord;
      return testDatabaseNamed(record.client, record.name);
    }
    const recordFile = recordFileIn(folder);
    const fresh = await createTestDatabase();
    await makeTemplate(fresh);
    fs.mkdirSync(folder, { recursive: true });
    // Written last and whole: a template whose start did not finish is never used.
    const record: TemplateRecord = { client: fresh.client, name: nameOf(fresh) };
    fs.writeFileSync(`${recordFile}.tmp`, JSON.stringify(record));
    fs.renameSync(`${recordFile}.tmp`, recordFile);
    return fresh;
  })();
  template.catch(() => (template = undefined));
  return copyTestDatabase(await template);
}

/** Drops every template database the folder records, then removes the folder. */
export async function dropRecordedTemplates(folder: string): Promise<void> {
  for (const record of readRecords(folder)) await testDatabaseNamed(record.client, record.name).drop();
  fs.rmSync(folder, { recursive: true, force: true });
}
