import type { FieldErrors } from '../../utils/fieldErrors';
import type { EndpointFormValues } from './endpoint-form-values';

/** The endpoint form as its fields see it: the values, the server's field errors, and the change. */
export interface EndpointFormState {
  values: EndpointFormValues;
  errors: FieldErrors;
  onChange: (values: EndpointFormValues) => void;
}

/**
 * What a field of the endpoint form takes for the value `key`: the value, the server's error for it (at
 * `errorPath`: the server names a preset's options under `options.`), and the form change it makes.
 */
export const bindEndpointField = <Key extends keyof EndpointFormValues>(
  { values, errors, onChange }: EndpointFormState,
  key: Key,
  errorPath: string = key
) => ({
  value: values[key],
  error: errors[errorPath],
  onChange: (value: EndpointFormValues[Key]) => onChange({ ...values, [key]: value }),
});
