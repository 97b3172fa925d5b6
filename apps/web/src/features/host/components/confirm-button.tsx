import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './host-console.module.css';

interface ConfirmButtonProps {
  /** The button's label. */
  children: ReactNode;
  /** The question in the dialog's title, e.g. 'Cancel this game?'. */
  title: string;
  /** What happens, in a sentence. */
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  className?: string;
  disabled?: boolean;
  tone?: 'danger' | 'primary' | 'go';
}

/** A control that cannot be undone: it asks first, in a dialog, and acts only on the explicit yes. */
export function ConfirmButton({
  children,
  title,
  message,
  confirmLabel,
  onConfirm,
  className,
  disabled,
  tone = 'danger',
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    cancelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button type="button" className={className} disabled={disabled} onClick={() => setOpen(true)}>
        {children}
      </button>
      {open && (
        <div className={styles.backdrop} onClick={() => setOpen(false)}>
          <div
            className={styles.dialog}
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="confirm-title"
            onClick={(event) => event.stopPropagation()}
          >
            <h2 id="confirm-title">{title}</h2>
            <p>{message}</p>
            <div className={styles.formActions}>
              <button ref={cancelRef} type="button" className={styles.btn} onClick={() => setOpen(false)}>
                Go back
              </button>
              <button
                type="button"
                className={`${styles.btn} ${styles[tone]}`}
                onClick={() => {
                  setOpen(false);
                  onConfirm();
                }}
              >
                {confirmLabel}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
