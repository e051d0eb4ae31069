import { Typography } from '@strapi/design-system';

/**
 * One small line "label value" (Created: Dec 6, 2026): what a table stacks in one cell instead of a
 * column each, so that it fits a 1280 px screen.
 */
export const LabelledLine = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <Typography variant="pi" textColor="neutral600">
    {label}{' '}
    <Typography variant="pi" textColor="neutral800" data-testid={testId}>
      {value}
    </Typography>
  </Typography>
);
