import type { Core } from '@strapi/strapi';
import { contentTypeKindProblems } from '../../core/src/app-content-types';
import { assertValidConfig } from '../../core/src/config';
import { registerMcpTools } from './doors/mcp';
import { leavesBodyUnread } from './common/http/scoped-body';
import { scopeStrapiBodyParser } from './strapi/body-parser';
import { getService } from './common/get-service';
import { PLUGIN_ID } from './common/plugin-id';

/** The environment can override the config file; its values must pass the same validator. */
function validateEffectiveConfig(strapi: Core.Strapi) {
  try {
    assertValidConfig(getService(strapi, 'plugin-config').static());
  } catch (error) {
    throw new Error(
      `Error regarding ${PLUGIN_ID} config (with ARTICLE_PUBLISHER_* variables applied): ${(error as Error).message}`,
      { cause: error }
    );
  }
}

/**
 * The config validator knows UIDs only; with the app's schema loaded, a content type the config
 * names must also be a collection type (a single type holds one entry, not articles or categories).
 */
function validateConfiguredContentTypes(strapi: Core.Strapi) {
  const models = strapi.contentTypes as unknown as Record<string, { kind?: string } | undefined>;
  const problems = contentTypeKindProblems(
    getService(strapi, 'plugin-config').static(),
    (uid) => models[uid]?.kind
  );
  if (problems.length) {
    throw new Error(
      `Error regarding ${PLUGIN_ID} config: ${problems.map(({ path, message }) => `"${path}" ${message}`).join('; ')}`
    );
  }
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  validateEffectiveConfig(strapi);
  validateConfiguredContentTypes(strapi);
  // Leaves the service routes' bodies unread: their route middlewares read them after authentication.
  scopeStrapiBodyParser(strapi, leavesBodyUnread);
  registerMcpTools(strapi);
};
