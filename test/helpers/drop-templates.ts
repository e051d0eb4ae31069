/**
 * `node --import tsx test/helpers/drop-templates.ts <folder>`: drops the template databases a
 * folder records (see database-templates.ts) and removes the folder. scripts/test.js runs it when a run
 * ends, so that dropping a database is written once, in databases.ts.
 */
import { dropRecordedTemplates } from './database-templates';

void dropRecordedTemplates(process.argv[2]).catch((error: Error) => {
  console.error(`Could not drop the template databases of ${process.argv[2]}: ${error.message}`);
  process.exitCode = 1;
});
