import { Field, IconButton } from '@strapi/design-system';
import { Duplicate } from '@strapi/icons';
import { useTranslate } from '../../hooks/useTranslate';
import { useCopyText } from '../../hooks/useCopyText';

/**
 * A read-only value with a copy button, for what the site owner pastes into the service. Its id is
 * prefixed so it never shares one with a settings field (a label focuses the first element of its id).
 */
export const CopyableField = ({
  name,
  label,
  hint,
  value,
}: {
  name: string;
  label: string;
  hint?: string;
  value: string;
}) => {
  const t = useTranslate();
  const copyText = useCopyText();
  const copyValue = () => copyText(value);
  return (
    <Field.Root name={`address-${name}`} id={`address-${name}`} hint={hint}>
      <Field.Label>{label}</Field.Label>
      <Field.Input
        value={value}
        readOnly
        data-testid={`endpoint-${name}`}
        endAction={
          <IconButton
            label={t('settings.copy', 'Copy {name}', { name: label })}
            variant="ghost"
            onClick={copyValue}
          >
            <Duplicate />
          </IconButton>
        }
      />
      <Field.Hint />
    </Field.Root>
  );
};
