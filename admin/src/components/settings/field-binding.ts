import type { SectionProps, SettingsFormValues } from './form-values';

/**
 * What a settings field takes from its section for the setting `key`: its name (the setting's path, which
 * field errors and tests find it by), value, error and disabled state, and the form change it makes.
 */
export const bindField = <Key extends keyof SettingsFormValues>(
  { values, errors, disabled, onChange }: Omit<SectionProps, 'defaults'>,
  key: Key
) => ({
  name: key,
  value: values[key],
  error: errors[key],
  disabled,
  onChange: (value: SettingsFormValues[Key]) => onChange({ ...values, [key]: value }),
});
