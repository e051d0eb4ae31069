import { Grid } from '@strapi/design-system';
import * as React from 'react';

/** A cell of a form's grid: `col` of its 12 columns wide, and the whole row on a small screen. */
export const FieldCell = ({ col, children }: { col: 4 | 6; children: React.ReactNode }) => (
  <Grid.Item col={col} s={12} direction="column" alignItems="stretch">
    {children}
  </Grid.Item>
);
