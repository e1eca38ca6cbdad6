import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';
import { IconClose } from './icons';
import './dialog.css';

/** Radix Dialog: focus trap, Escape and outside click close, focus returns to the trigger. */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Buttons row at the bottom, right-aligned; primary action last. */
  footer?: ReactNode;
  children?: ReactNode;
  /**
   * `false` makes a blocking dialog: no close button, Escape and outside clicks do nothing, so the
   * user must answer with one of the footer buttons (e.g. the profile-completion modal).
   */
  dismissible?: boolean;
}

const keepOpen = (event: Event) => event.preventDefault();

/** Escape in an open combobox list closes the list (the combobox's own handler), not the dialog. */
const escapeClosesListFirst = (event: KeyboardEvent) => {
  const focused = document.activeElement;
  if (focused?.getAttribute('role') === 'combobox' && focused.getAttribute('aria-expanded') === 'true') event.preventDefault();
};

export function DialogContent({ title, description, size = 'md', footer, children, dismissible = true }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="ui-dialog__overlay" />
      <RadixDialog.Content
        className={`ui-dialog ui-dialog--${size}`}
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        {...(dismissible ? { onEscapeKeyDown: escapeClosesListFirst } : { onEscapeKeyDown: keepOpen, onPointerDownOutside: keepOpen, onInteractOutside: keepOpen })}
      >
        <header className="ui-dialog__header">
          <RadixDialog.Title className="ui-dialog__title">{title}</RadixDialog.Title>
          {dismissible && (
            <RadixDialog.Close className="ui-dialog__close" aria-label="Fechar">
              <IconClose size={18} />
            </RadixDialog.Close>
          )}
        </header>
        {description !== undefined && (
          <RadixDialog.Description className="ui-dialog__description">{description}</RadixDialog.Description>
        )}
        {children && <div className="ui-dialog__body">{children}</div>}
        {footer && <footer className="ui-dialog__footer">{footer}</footer>}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** `danger` for destructive actions (delete). */
  tone?: 'primary' | 'danger';
  busy?: boolean;
  onConfirm: () => void;
}

/** Ask before a destructive or irreversible action (e.g. deleting a patient). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancelar',
  tone = 'danger',
  busy = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={description}
        size="sm"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </DialogClose>
            <Button variant={tone} loading={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
