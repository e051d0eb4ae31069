import { after, before, describe, it } from 'node:test';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import type { Playground } from './helpers/playground';
import {
  handPublishThenDraft,
  HAND_WORK_SECONDS,
  inSeconds,
  scheduleOnTheContract,
  startInstance,
  startSite,
  type Site,
} from './helpers/schedule-by-hand';

/**
 * Issue 45, point 11 on two instances sharing PostgreSQL (it chooses PostgreSQL itself, so it runs once,
 * in the SQLite pass, like the other several-instance files): a post scheduled through one instance and
 * published by hand through the other stays as the editor left it.
 */

describe('a scheduled post published by hand on another instance (two instances sharing PostgreSQL)', () => {
  let database: TestDatabase;
  const instances: Playground[] = [];
  let site: Site;

  before(async () => {
    database = await createTestDatabase('postgres');
    const first = await startSite({}, database);
    instances.push(first.app);
    site = first.site;
    instances.push(await startInstance({}, database));
  });
  after(async () => {
    for (const instance of instances) await instance.stop();
    await database?.drop();
  });

  it('scheduled through one instance, published and changed by hand through the other: the draft stays a draft', async () => {
    const slug = 'hand-published-elsewhere';
    const at = inSeconds(HAND_WORK_SECONDS);
    const documentId = await scheduleOnTheContract(site, slug, at);
    // The admin session is valid on both: they share the database and the playground's secrets.
    await handPublishThenDraft({ ...site, url: instances[1].url }, slug, documentId, at);
  });
});
