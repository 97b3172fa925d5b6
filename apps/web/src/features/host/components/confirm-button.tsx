import { useState, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

interface ConfirmButtonProps {
  /** The button's label. */
  children: ReactNode;
  /** The question in the dialog's title, e.g. 'Cancel this game?'. */
  title: string;
  /** What happens, in a sentence. */
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** The button's own look; the dialog's yes takes `tone`. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  disabled?: boolean;
  tone?: ButtonVariant;
}

/** A control that cannot be undone: it asks first, in a dialog, and acts only on the explicit yes. */
export function ConfirmButton({
  children,
  title,
  message,
  confirmLabel,
  onConfirm,
  variant = 'glass',
  size,
  className,
  disabled,
  tone = 'ruby',
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {children}
      </Button>
      {open && (
        <Modal
          title={title}
          role="alertdialog"
          tone={tone === 'ruby' ? 'ruby' : 'gold'}
          onEscape={close}
          actions={
            <>
              <Button variant="glass" onClick={close}>
                Go back
              </Button>
              <Button
                variant={tone}
                onClick={() => {
                  close();
                  onConfirm();
                }}
              >
                {confirmLabel}
              </Button>
            </>
          }
        >
          <p>{message}</p>
        </Modal>
      )}
    </>
  );
}
