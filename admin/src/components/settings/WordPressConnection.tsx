import { Box, Button, Flex, Typography } from '@strapi/design-system';
import { Key } from '@strapi/icons';
import { useTranslate } from '../../hooks/useTranslate';
import { CopyableField } from './CopyableField';

/**
 * The WordPress part of the addresses to paste: services that publish through WordPress's REST API ask
 * for the site address, a username and an application password.
 */
export interface WordPressAccount {
  /** The login an application password created by this admin has (null while loading). */
  login: string | null;
  /** Leads to the application passwords' create field; absent when the role may not create one. */
  onCreatePassword?: () => void;
}

export const WordPressConnection = ({
  siteUrl,
  login,
  onCreatePassword,
}: WordPressAccount & { siteUrl: string }) => {
  const t = useTranslate();
  return (
    <Box paddingTop={2} data-testid="wordpress-connection">
      <Flex direction="column" alignItems="stretch" gap={4}>
        <Flex direction="column" alignItems="stretch" gap={1}>
          <Typography variant="epsilon" tag="h3">
            {t('settings.wordpress.title', 'WordPress (REST API and application password)')}
          </Typography>
          <Typography textColor="neutral600">
            {t(
              'settings.wordpress.description',
              'Services and tools that publish to WordPress through its REST API with an application password connect this way: KwikScale, 42flows, outwrite.ai, Koala, Wordspace, n8n\'s WordPress node, Activepieces, Pipedream and the like. Pick "WordPress" there and give these three values.'
            )}
          </Typography>
        </Flex>
        <CopyableField
          name="wordpressSiteUrl"
          label={t('settings.wordpress.siteUrl', 'WordPress site address')}
          value={siteUrl}
        />
        {login && (
          <CopyableField
            name="wordpressLogin"
            label={t('settings.wordpress.login', 'Username')}
            hint={t(
              'settings.wordpress.login.hint',
              'Your admin email address: the username of the application passwords you create.'
            )}
            value={login}
          />
        )}
        {onCreatePassword && (
          <Box>
            <Button variant="secondary" startIcon={<Key />} onClick={onCreatePassword}>
              {t('settings.wordpress.password', 'Create an application password')}
            </Button>
          </Box>
        )}
      </Flex>
    </Box>
  );
};
