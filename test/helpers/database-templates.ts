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
 * `npm test` (scripts/test.js) gives each database of a run a folder of its own in
 * TEST_DATABASE_TEMPLATES, where its templates are recorded, and drops them and removes the folder when
 * the run ends (drop-templates.ts). Without it (a test file run on its own with `node --test`), every start gets an
 * empty database, as before.
 */

/** What a folder records of a template: its database. */
interface TemplateRecord {
  client: TestDatabase['client'];
  name: string;
}

/** This process's template, once found in the folder or made. */
let template: Promise<TestDatabase> | undefined;

/** The folder of this database's templates, when the run keeps templates. */
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
/** The record files in the folder (a `.json.tmp` is a record still being written). */
const recordFiles = (folder: string): string[] =>
  fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((file) => file.endsWith('.json'))
        .map((file) => path.join(folder, file))
    : [];
const readRecord = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as TemplateRecord;
const existingRecordIn = (folder: string): string | undefined =>
  recordFiles(folder).find((file) => path.basename(file).startsWith(`${recordPrefix()}-`));
const readRecords = (folder: string): TemplateRecord[] => recordFiles(folder).map(readRecord);

/**
 * A new database copied from this database's template, which `makeTemplate` creates the first time (by starting
 * the playground once on the database it is given and stopping it).
 */
export async function databaseFromTemplate(
  folder: string,
  makeTemplate: (database: TestDatabase) => Promise<void>
): Promise<TestDatabase> {
  template ??= (async () => {
    const existing = existingRecordIn(folder);
    if (existing) {
      const record = readRecord(existing);
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
