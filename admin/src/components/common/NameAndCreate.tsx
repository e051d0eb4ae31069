import { Box, Button, Field, Flex } from '@strapi/design-system';
import { Plus } from '@strapi/icons';
import * as React from 'react';
import type { NamedCreate } from '../../hooks/useNamedCreate';

/** A name field and the button that creates what it names (an application password, an agent's token). */
export const NameAndCreate = ({
  id,
  label,
  createLabel,
  form: { name, setName, busy, create },
  disabled,
  buttonTestId,
}: {
  id: string;
  label: string;
  createLabel: string;
  /** The row's state (useNamedCreate). */
  form: NamedCreate;
  disabled?: boolean;
  buttonTestId?: string;
}) => (
  <Flex gap={2} alignItems="flex-end">
    <Box flex="1">
      <Field.Root name={id} id={id}>
        <Field.Label>{label}</Field.Label>
        <Field.Input
          value={name}
          maxLength={100}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => setName(event.target.value)}
        />
      </Field.Root>
    </Box>
    <Button
      type="button"
      startIcon={<Plus />}
      loading={busy}
      disabled={disabled}
      onClick={create}
      data-testid={buttonTestId}
    >
      {createLabel}
    </Button>
  </Flex>
);
