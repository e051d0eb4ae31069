import fs from 'node:fs';
import { startPlayground } from './helpers/playground';
import { createTestDatabase } from './helpers/databases';
(async () => {
  const client = (process.env.TEST_DATABASE_CLIENT ?? 'sqlite') as 'sqlite';
  const keep = await createTestDatabase();
  // first boot creates the schema in `keep`
  const first = await startPlayground({ database: keep });
  await first.stop();
  for (let i = 0; i < 3; i++) {
    let t = Date.now();
    const fresh = await startPlayground();
    const freshMs = Date.now() - t;
    await fresh.stop();
    t = Date.now();
    const reused = await startPlayground({ database: keep });
    const reusedMs = Date.now() - t;
    await reused.stop();
    console.log(client, 'fresh', freshMs, 'reused', reusedMs);
  }
  await keep.drop();
})();
