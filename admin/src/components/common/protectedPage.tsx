import { Page } from '@strapi/strapi/admin';
import * as React from 'react';

type Permissions = React.ComponentProps<typeof Page.Protect>['permissions'];

/** A page shown only to roles with these permissions (the others see Strapi's "no permission" page). */
export const protectedPage = (permissions: Permissions, Content: React.ComponentType) => {
  const ProtectedPage = () => (
    <Page.Protect permissions={permissions}>
      <Content />
    </Page.Protect>
  );
  return ProtectedPage;
};
