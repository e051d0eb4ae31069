import { Button, Dialog } from '@strapi/design-system';
import * as React from 'react';
import { useTranslate } from '../../hooks/useTranslate';

export interface ConfirmDialogProps {
  /** What opens the dialog: a button. */
  trigger: React.ReactNode;
  title: string;
  /** What the action does, and what cannot be undone. */
  body: React.ReactNode;
  actionLabel: string;
  actionVariant: 'danger' | 'danger-light';
  onConfirm: () => void;
  onOpenChange?: (open: boolean) => void;
}

/** A question before a destructive action: its title, what it does, then Cancel and the action. */
export const ConfirmDialog = ({
  trigger,
  title,
  body,
  actionLabel,
  actionVariant,
  onConfirm,
  onOpenChange,
}: ConfirmDialogProps) => {
  const t = useTranslate();
  return (
    <Dialog.Root onOpenChange={onOpenChange}>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      <Dialog.Content>
        <Dialog.Header>{title}</Dialog.Header>
        <Dialog.Body>{body}</Dialog.Body>
        <Dialog.Footer>
          <Dialog.Cancel>
            <Button variant="tertiary">{t('settings.confirm.cancel', 'Cancel')}</Button>
          </Dialog.Cancel>
          <Dialog.Action>
            <Button variant={actionVariant} onClick={onConfirm}>
              {actionLabel}
            </Button>
          </Dialog.Action>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
};
