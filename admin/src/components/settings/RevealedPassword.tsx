import { Box, Button, Field, Flex, Typography } from '@strapi/design-system';
import { Duplicate } from '@strapi/icons';
import { useRevealedSecret } from '../../hooks/useRevealedSecret';
import { useTranslate } from '../../hooks/useTranslate';

/** A just-created application password, shown this once with its login and a copy button. */
export const RevealedPassword = ({
  name,
  login,
  password,
}: {
  name: string;
  login: string;
  password: string;
}) => {
  const t = useTranslate();
  const { box, copy } = useRevealedSecret(password, {
    copied: t('passwords.copied', 'Password copied to the clipboard'),
    copyFailed: t('passwords.copyFailed', 'The browser refused to copy; select the password and copy it.'),
  });

  return (
    <Box
      ref={box}
      background="success100"
      borderColor="success200"
      padding={4}
      hasRadius
      data-testid="application-password-reveal"
    >
      <Flex direction="column" alignItems="stretch" gap={2}>
        <Typography fontWeight="bold">
          {t('passwords.reveal.title', 'New application password for {name}', { name })}
        </Typography>
        <Typography>
          {t(
            'passwords.reveal.hint',
            'Copy it now: it will not be shown again. In the service, give {login} as the username and this as the password.',
            { login }
          )}
        </Typography>
        <Flex gap={2} alignItems="flex-end">
          <Box flex="1">
            <Field.Root name="revealed-application-password" id="revealed-application-password">
              <Field.Label>{t('passwords.reveal.label', 'Application password')}</Field.Label>
              <Field.Input value={password} readOnly data-testid="revealed-application-password" />
            </Field.Root>
          </Box>
          <Button variant="secondary" startIcon={<Duplicate />} onClick={copy}>
            {t('passwords.copy', 'Copy password')}
          </Button>
        </Flex>
      </Flex>
    </Box>
  );
};
