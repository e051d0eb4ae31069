import { IconButton } from '@strapi/design-system';
import { Trash } from '@strapi/icons';
import * as React from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

interface IconConfirmProps extends Omit<ConfirmDialogProps, 'trigger'> {
  /** The button's accessible name (it shows only its icon). */
  label: string;
  icon: React.ReactNode;
}

/** A row's ghost icon button whose action is asked about first (a new secret, delete, revoke). */
export const IconConfirm = ({ label, icon, ...dialog }: IconConfirmProps) => (
  <ConfirmDialog
    trigger={
      <IconButton label={label} variant="ghost">
        {icon}
      </IconButton>
    }
    {...dialog}
  />
);

/** Removing a row for good (delete, revoke): a trash icon, and the action in red. */
export const DeleteConfirm = (props: Omit<IconConfirmProps, 'icon' | 'actionVariant'>) => (
  <IconConfirm icon={<Trash />} actionVariant="danger" {...props} />
);
