import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  generateApiKey,
  hashSecret,
  keyHint,
  secretMatchesHash,
  secretsEqual,
} from '../../../core/src/api-key';
import type { GeneratedApiKeyResponse, SecretStatus } from '../../../core/src/contracts';
import { getService } from '../utils/get-service';

export type ApiKeyCheck = 'valid' | 'missing' | 'invalid' | 'not_configured';

/** Integration A's key: generated in the admin (stored as a digest) or given by the environment. */
const apiKeyService = ({ strapi }: { strapi: Core.Strapi }) => ({
  async check(presented: string | undefined): Promise<ApiKeyCheck> {
    const environmentKey = getService(strapi, 'plugin-config').static().apiKey;
    const stored = environmentKey ? null : await getService(strapi, 'plugin-store').getApiKey();
    if (!environmentKey && !stored) return 'not_configured';
    if (!presented) return 'missing';
    const matches = environmentKey
      ? secretsEqual(presented, environmentKey)
      : secretMatchesHash(presented, (stored as { hash: string }).hash);
    return matches ? 'valid' : 'invalid';
  },

  async status(): Promise<SecretStatus> {
    if (getService(strapi, 'plugin-config').static().apiKey) {
      return { source: 'environment', hint: null, createdAt: null };
    }
    const stored = await getService(strapi, 'plugin-store').getApiKey();
    if (!stored) return { source: 'none', hint: null, createdAt: null };
    return { source: 'admin', hint: stored.hint, createdAt: stored.createdAt };
  },

  /** Creates a key, replacing any previous one at once (on every instance: it lives in the database). */
  async regenerate(): Promise<GeneratedApiKeyResponse> {
    if (getService(strapi, 'plugin-config').static().apiKey) {
      throw new errors.ApplicationError(
        'The API key is managed by the ARTICLE_PUBLISHER_API_KEY environment variable; change it there.'
      );
    }
    const key = generateApiKey();
    const record = { hash: hashSecret(key), hint: keyHint(key), createdAt: new Date().toISOString() };
    await getService(strapi, 'plugin-store').setApiKey(record);
    return { key, apiKey: { source: 'admin', hint: record.hint, createdAt: record.createdAt } };
  },
});

export type ApiKeyService = ReturnType<typeof apiKeyService>;
export default apiKeyService;
