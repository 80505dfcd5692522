import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button, type ButtonVariant } from './button';
import { CloseIcon } from './icons';
import styles from './dialog.module.css';

export type DialogProps = {
  title: ReactNode;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  /** Buttons at the bottom; the dialog has a close button at the top in any case. */
  actions?: ReactNode;
  /** Closing by clicking outside is off by default: a half-filled form must not vanish. */
  isDismissable?: boolean;
  role?: 'dialog' | 'alertdialog';
};

/** A modal dialog: focus is trapped inside, Escape closes it, focus returns to the trigger. */
export function Dialog({ title, isOpen, onOpenChange, children, actions, isDismissable = false, role = 'dialog' }: DialogProps) {
  const { t } = useTranslation();
  return (
    <ModalOverlay className={styles.overlay} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable}>
      <Modal className={styles.modal}>
        <AriaDialog className={styles.dialog} role={role}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
                <Button variant="ghost" size="sm" iconOnly aria-label={t('common.close')} onPress={close}>
                  <CloseIcon />
                </Button>
              </div>
              <div className={styles.body}>{children}</div>
              {actions && <div className={styles.actions}>{actions}</div>}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export type ConfirmDialogProps = Omit<DialogProps, 'actions' | 'role'> & {
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  onConfirm: () => void | Promise<void>;
  /** 'danger' for irreversible steps (cancel an order, delete a plan). */
  tone?: Extract<ButtonVariant, 'primary' | 'danger'>;
  isPending?: boolean;
};

/** The confirmation every money-moving step asks for before it is sent. */
export function ConfirmDialog({
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = 'primary',
  isPending,
  onOpenChange,
  ...props
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      {...props}
      onOpenChange={onOpenChange}
      role="alertdialog"
      actions={
        <>
          <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={isPending}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button variant={tone} onPress={() => void onConfirm()} isPending={isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
