import { Alert, Button, Checkbox, Flex, Modal, Typography } from '@strapi/design-system';
import * as React from 'react';
import type { PresetName } from '../../../../core/src/hooks/endpoints';
import { PRESET_GUIDES } from '../../../../core/src/hooks/preset-guide';
import { useTranslate } from '../../hooks/useTranslate';
import { settingsErrorsFrom, type FieldErrors } from '../../utils/fieldErrors';
import { SelectField, TextField } from '../settings/inputs';
import { isUnauthenticated, type EndpointFormValues } from './endpoint-form-values';
import { bindEndpointField } from './endpoint-field-binding';
import { PresetOptionsFields } from './PresetOptionsFields';

interface EndpointFormModalProps {
  /** Creating a new endpoint (preset and given secret editable) or editing one (name and options). */
  mode: 'create' | 'edit';
  initial: EndpointFormValues;
  presets: PresetName[];
  customFields: string[];
  /** Sends the form; a 400's field errors are shown under the fields. */
  onSubmit: (values: EndpointFormValues) => Promise<void>;
  onClose: () => void;
}

/** The endpoint's name, preset and options in a modal; the server checks them with the config's rules. */
export const EndpointFormModal = ({
  mode,
  initial,
  presets,
  customFields,
  onSubmit,
  onClose,
}: EndpointFormModalProps) => {
  const t = useTranslate();
  const [values, setValues] = React.useState(initial);
  const [errors, setErrors] = React.useState<FieldErrors>({});
  const [failure, setFailure] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const unauthenticated = isUnauthenticated(values);
  const field = <Key extends keyof EndpointFormValues>(key: Key) =>
    bindEndpointField({ values, errors, onChange: setValues }, key);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      const invalid = settingsErrorsFrom(error);
      setErrors(invalid?.fields ?? {});
      setFailure(invalid ? invalid.message : t('hooks.form.failed', 'The endpoint could not be saved.'));
      setBusy(false);
    }
  };

  return (
    <Modal.Root open onOpenChange={(open: boolean) => !open && onClose()}>
      <Modal.Content>
        <form onSubmit={submit} data-testid="hook-endpoint-form">
          <Modal.Header closeLabel={t('settings.close', 'Close')}>
            <Modal.Title>
              {mode === 'create'
                ? t('hooks.form.createTitle', 'New webhook endpoint')
                : t('hooks.form.editTitle', 'Edit {name}', { name: initial.name })}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <Flex direction="column" alignItems="stretch" gap={4}>
              {failure && (
                <Alert
                  variant="danger"
                  closeLabel={t('settings.close', 'Close')}
                  onClose={() => setFailure(null)}
                >
                  {failure}
                </Alert>
              )}
              <TextField
                name="hook-name"
                label={t('hooks.form.name', 'Name')}
                hint={t('hooks.form.name.hint', 'For people: which service and site this endpoint is for.')}
                {...field('name')}
              />
              <SelectField
                name="hook-preset"
                label={t('hooks.form.preset', 'Service (preset)')}
                hint={PRESET_GUIDES[values.preset]?.paste}
                value={values.preset}
                disabled={mode === 'edit'}
                options={presets.map((preset) => ({
                  value: preset,
                  label: PRESET_GUIDES[preset]?.label ?? preset,
                }))}
                error={errors.preset}
                onChange={(preset) => setValues({ ...values, preset: preset as PresetName })}
              />
              <PresetOptionsFields
                values={values}
                customFields={customFields}
                errors={errors}
                onChange={setValues}
              />
              {mode === 'create' && (
                <TextField
                  name="hook-given-secret"
                  label={t('hooks.form.secret', 'Secret from the service (optional)')}
                  hint={t(
                    'hooks.form.secret.hint',
                    'Only when the service generates its own secret and shows it to you (at least 16 characters). Empty: a secret is generated here and shown once.'
                  )}
                  {...field('secret')}
                />
              )}
              {unauthenticated && (
                <Flex direction="column" alignItems="stretch" gap={1}>
                  <Checkbox
                    name="hook-allow-unauthenticated"
                    checked={values.allowUnauthenticated}
                    onCheckedChange={(checked: boolean | 'indeterminate') =>
                      setValues({ ...values, allowUnauthenticated: checked === true })
                    }
                  >
                    {t(
                      'hooks.form.allowUnauthenticated',
                      'No authentication: anyone who learns this URL can publish through it. I accept that.'
                    )}
                  </Checkbox>
                  {errors.allowUnauthenticated && (
                    <Typography variant="pi" textColor="danger600">
                      {errors.allowUnauthenticated}
                    </Typography>
                  )}
                </Flex>
              )}
            </Flex>
          </Modal.Body>
          <Modal.Footer>
            <Modal.Close>
              <Button variant="tertiary">{t('settings.confirm.cancel', 'Cancel')}</Button>
            </Modal.Close>
            <Button
              type="submit"
              loading={busy}
              disabled={!values.name.trim() || (unauthenticated && !values.allowUnauthenticated)}
            >
              {mode === 'create' ? t('hooks.form.create', 'Create endpoint') : t('hooks.form.save', 'Save')}
            </Button>
          </Modal.Footer>
        </form>
      </Modal.Content>
    </Modal.Root>
  );
};
