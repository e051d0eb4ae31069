import { Box, Button, Field, Flex, Typography } from '@strapi/design-system';
import { Duplicate } from '@strapi/icons';
import * as React from 'react';
import { useRevealedSecret, type RevealedSecretMessages } from '../../hooks/useRevealedSecret';

interface RevealedSecretBoxProps {
  /** The box's test id. */
  testId: string;
  /** The read-only field's name, id and test id. */
  fieldId: string;
  title: string;
  hint: React.ReactNode;
  label: string;
  secret: string;
  copyLabel: string;
  messages: RevealedSecretMessages;
  /** Space between its lines; an endpoint's box, with its addresses below, has more. */
  gap?: 2 | 3;
  /** What follows the secret (an endpoint's addresses). */
  children?: React.ReactNode;
}

/** A secret shown this once, in a green box brought into view, with a copy button beside it. */
export const RevealedSecretBox = ({
  testId,
  fieldId,
  title,
  hint,
  label,
  secret,
  copyLabel,
  messages,
  gap = 2,
  children,
}: RevealedSecretBoxProps) => {
  const { box, copy } = useRevealedSecret(secret, messages);
  return (
    <Box
      ref={box}
      background="success100"
      borderColor="success200"
      padding={4}
      hasRadius
      data-testid={testId}
    >
      <Flex direction="column" alignItems="stretch" gap={gap}>
        <Typography fontWeight="bold">{title}</Typography>
        <Typography>{hint}</Typography>
        <Flex gap={2} alignItems="flex-end">
          <Box flex="1">
            <Field.Root name={fieldId} id={fieldId}>
              <Field.Label>{label}</Field.Label>
              <Field.Input value={secret} readOnly data-testid={fieldId} />
            </Field.Root>
          </Box>
          <Button type="button" variant="secondary" startIcon={<Duplicate />} onClick={copy}>
            {copyLabel}
          </Button>
        </Flex>
        {children}
      </Flex>
    </Box>
  );
};
