import {
  Field,
  NumberInput,
  SingleSelect,
  SingleSelectOption,
  Textarea,
  TextInput,
  Toggle,
} from '@strapi/design-system';
import * as React from 'react';

interface BaseProps {
  /** Dotted settings path; also the input's name, so tests and field errors find it. */
  name: string;
  label: string;
  hint?: React.ReactNode;
  error?: string;
  disabled?: boolean;
}

type FrameProps = Omit<BaseProps, 'disabled'>;

/** The frame every settings field shares: label above, hint and server error below. */
const FieldFrame = ({ name, label, hint, error, children }: FrameProps & { children: React.ReactNode }) => (
  <Field.Root name={name} id={name} hint={hint} error={error}>
    <Field.Label>{label}</Field.Label>
    {children}
    <Field.Hint />
    <Field.Error />
  </Field.Root>
);

export const TextField = ({
  disabled,
  value,
  onChange,
  placeholder,
  ...frame
}: BaseProps & { value: string; onChange: (value: string) => void; placeholder?: string }) => (
  <FieldFrame {...frame}>
    <TextInput
      value={value}
      placeholder={placeholder}
      disabled={disabled}
      onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
    />
  </FieldFrame>
);

export const NumberField = ({
  disabled,
  value,
  onChange,
  ...frame
}: BaseProps & { value: number | null; onChange: (value: number | null) => void }) => (
  <FieldFrame {...frame}>
    <NumberInput
      value={value ?? undefined}
      disabled={disabled}
      onValueChange={(next: number | undefined) => onChange(next ?? null)}
    />
  </FieldFrame>
);

export interface SelectOption {
  value: string;
  label: string;
}

/** Radix selects refuse an empty value, so "none" travels as this and is turned back into ''. */
const NONE = '__none__';

export const SelectField = ({
  disabled,
  value,
  options,
  noneLabel,
  onChange,
  ...frame
}: BaseProps & {
  value: string;
  options: SelectOption[];
  /** When set, the field may be left empty ('') and this is the empty choice's label. */
  noneLabel?: string;
  onChange: (value: string) => void;
}) => {
  // A configured value the schema does not offer stays visible, so the live check can say why it is wrong.
  const all =
    value && !options.some((option) => option.value === value)
      ? [...options, { value, label: value }]
      : options;
  return (
    <FieldFrame {...frame}>
      <SingleSelect
        name={frame.name}
        value={value === '' && noneLabel ? NONE : value}
        disabled={disabled}
        onChange={(next: string | number) => onChange(String(next) === NONE ? '' : String(next))}
      >
        {noneLabel && <SingleSelectOption value={NONE}>{noneLabel}</SingleSelectOption>}
        {all.map((option) => (
          <SingleSelectOption key={option.value} value={option.value}>
            {option.label}
          </SingleSelectOption>
        ))}
      </SingleSelect>
    </FieldFrame>
  );
};

export const LinesField = ({
  disabled,
  value,
  onChange,
  ...frame
}: BaseProps & { value: string[]; onChange: (value: string[]) => void }) => (
  <FieldFrame {...frame}>
    <Textarea
      value={value.join('\n')}
      disabled={disabled}
      onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value.split('\n'))}
    />
  </FieldFrame>
);

export const ToggleField = ({
  disabled,
  value,
  onChange,
  onLabel,
  offLabel,
  ...frame
}: BaseProps & { value: boolean; onChange: (value: boolean) => void; onLabel: string; offLabel: string }) => (
  <FieldFrame {...frame}>
    <Toggle
      name={frame.name}
      checked={value}
      disabled={disabled}
      onLabel={onLabel}
      offLabel={offLabel}
      onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
    />
  </FieldFrame>
);
