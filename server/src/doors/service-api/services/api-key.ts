import { errors } from '@strapi/utils';
import {
  generateApiKey,
  hashSecret,
  keyHint,
  secretMatchesHash,
  secretsEqual,
} from '../../../../../core/src/api-key';
import type { GeneratedApiKeyResponse, SecretStatus } from '../../../../../core/src/contracts';
import { secretStatus } from './secret-status';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'pluginConfig' | 'pluginStore'>;

export type ApiKeyCheck = 'valid' | 'missing' | 'invalid' | 'not_configured';

/** Integration A's key: generated in the admin (stored as a digest) or given by the environment. */
const apiKeyService = ({ uses }: { uses: Uses }) => ({
  async check(presented: string | undefined): Promise<ApiKeyCheck> {
    const environmentKey = uses.pluginConfig.static().apiKey;
    const stored = environmentKey ? null : await uses.pluginStore.getApiKey();
    if (!environmentKey && !stored) return 'not_configured';
    if (!presented) return 'missing';
    const matches = environmentKey
      ? secretsEqual(presented, environmentKey)
      : secretMatchesHash(presented, (stored as { hash: string }).hash);
    return matches ? 'valid' : 'invalid';
  },

  status(): Promise<SecretStatus> {
    return secretStatus(Boolean(uses.pluginConfig.static().apiKey), () => uses.pluginStore.getApiKey());
  },

  /** Creates a key, replacing any previous one at once (on every instance: it lives in the database). */
  async regenerate(): Promise<GeneratedApiKeyResponse> {
    if (uses.pluginConfig.static().apiKey) {
      throw new errors.ApplicationError(
        'The API key is managed by the ARTICLE_PUBLISHER_API_KEY environment variable; change it there.'
      );
    }
    const key = generateApiKey();
    const record = { hash: hashSecret(key), hint: keyHint(key), createdAt: new Date().toISOString() };
    await uses.pluginStore.setApiKey(record);
    return { key, apiKey: { source: 'admin', hint: record.hint, createdAt: record.createdAt } };
  },
});

export type ApiKeyService = ReturnType<typeof apiKeyService>;
export default apiKeyService;
