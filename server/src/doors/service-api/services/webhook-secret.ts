import { randomBytes } from 'node:crypto';
import { errors } from '@strapi/utils';
import { keyHint } from '../../../../../core/src/api-key';
import type { GeneratedWebhookSecretResponse, SecretStatus } from '../../../../../core/src/contracts';
import { secretStatus } from './secret-status';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'pluginConfig' | 'pluginStore'>;

const MIN_LENGTH = 16;

/** Integration B's signing secret: set or generated in the admin, or ARTICLE_PUBLISHER_WEBHOOK_SECRET. */
const webhookSecret = ({ uses }: { uses: Uses }) => ({
  /** The secret to verify signatures with, or null when none is configured. */
  async current(): Promise<string | null> {
    const fromEnvironment = uses.pluginConfig.static().webhookSecret;
    if (fromEnvironment) return fromEnvironment;
    return (await uses.pluginStore.getWebhookSecret())?.secret ?? null;
  },

  status(): Promise<SecretStatus> {
    return secretStatus(Boolean(uses.pluginConfig.static().webhookSecret), () =>
      uses.pluginStore.getWebhookSecret()
    );
  },

  /** Saves the given secret, or generates one; the response is the only time it is shown. */
  async set(given: string | undefined): Promise<GeneratedWebhookSecretResponse> {
    if (uses.pluginConfig.static().webhookSecret) {
      throw new errors.ApplicationError(
        'The webhook secret is managed by the ARTICLE_PUBLISHER_WEBHOOK_SECRET environment variable; change it there.'
      );
    }
    if (given !== undefined && given.trim().length < MIN_LENGTH) {
      throw new errors.ValidationError(`The webhook secret must be at least ${MIN_LENGTH} characters.`);
    }
    const secret = given?.trim() ?? randomBytes(32).toString('hex');
    const hint = keyHint(secret);
    const createdAt = await uses.pluginStore.setWebhookSecret(secret, hint);
    return { secret, webhookSecret: { source: 'admin', hint, createdAt } };
  },
});

export type WebhookSecretService = ReturnType<typeof webhookSecret>;
export default webhookSecret;
