import { Layouts } from '@strapi/strapi/admin';
import * as React from 'react';

interface PageLayoutProps {
  title: string;
  subtitle: string;
  /** The page's main button, at the header's right. */
  primaryAction?: React.ReactNode;
  /** A bar under the header (the activity's filters). */
  startActions?: React.ReactNode;
  children: React.ReactNode;
}

/** A plugin page's frame in Strapi's admin: its header (title, subtitle, main button), any bar, its content. */
export const PageLayout = ({ title, subtitle, primaryAction, startActions, children }: PageLayoutProps) => (
  <>
    <Layouts.Header title={title} subtitle={subtitle} primaryAction={primaryAction} />
    {startActions && <Layouts.Action startActions={startActions} />}
    <Layouts.Content>{children}</Layouts.Content>
  </>
);
