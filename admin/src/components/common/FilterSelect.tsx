import { SingleSelect, SingleSelectOption } from '@strapi/design-system';

interface FilterSelectProps {
  /** Its aria-label: a filter row has no visible labels. */
  label: string;
  name: string;
  /** The choice that means "no filter"; it stands for ''. */
  unset: string;
  options: readonly (readonly [value: string, label: string])[];
  /** The filter's value, '' when unset. */
  value: string;
  onChange: (value: string) => void;
}

/** A small select of a list's filter row; choosing its `unset` choice clears the filter (''). */
export const FilterSelect = ({ label, name, unset, options, value, onChange }: FilterSelectProps) => (
  <SingleSelect
    aria-label={label}
    name={name}
    size="S"
    value={value || unset}
    onChange={(next: string | number) => onChange(String(next) === unset ? '' : String(next))}
  >
    {options.map(([optionValue, optionLabel]) => (
      <SingleSelectOption key={optionValue} value={optionValue}>
        {optionLabel}
      </SingleSelectOption>
    ))}
  </SingleSelect>
);
