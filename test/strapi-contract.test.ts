/**
 * Issue #44: what the plugin relies on in Strapi beyond its documented plugin API (server/src/strapi/),
 * asserted as facts about Strapi itself, in one boot: the first test to fail when a Strapi release
 * changes one, and each failure names the file in server/src/strapi/ to look at. The facts are
 * test/helpers/strapi-contract.ts, which the compat check runs on each release too (its `contract` step).
 */
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { startPlayground, type Playground } from './helpers/playground';
import {
  CONTRACT_ENV,
  CONTRACT_FACTS,
  CONTRACT_FIXTURE_TYPES,
  type ContractSite,
} from './helpers/strapi-contract';

describe("Strapi's behaviour the plugin relies on", () => {
  let site: Playground;
  let contract: ContractSite;

  before(async () => {
    site = await startPlayground({ fixtureTypes: CONTRACT_FIXTURE_TYPES, env: { ...CONTRACT_ENV } });
    contract = {
      url: site.url,
      adminToken: await registerSuperAdmin(site.url),
      databaseClient: site.database.client,
    };
  });
  after(async () => site?.stop());

  for (const fact of CONTRACT_FACTS) it(`${fact.name} (${fact.file})`, () => fact.check(contract));
});
