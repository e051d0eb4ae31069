import { Grid } from '@strapi/design-system';
import * as React from 'react';
import { Section } from './Section';

interface FieldsSectionProps {
  title: string;
  description: string;
  testId: string;
  /** The grid's cells: the section's fields. */
  children: React.ReactNode;
  /** What follows the grid (notes, a live check). */
  footer?: React.ReactNode;
}

/** A settings card whose fields sit in one grid: its title and description, the fields, then any footer. */
export const FieldsSection = ({ children, footer, ...section }: FieldsSectionProps) => (
  <Section {...section}>
    <Grid.Root gap={4}>{children}</Grid.Root>
    {footer}
  </Section>
);
