import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '@/components/ui/icons';
import { useClientStore } from '@/stores/client-store';
import styles from './modal.module.css';

export interface ModalProps {
  title: string;
  children: ReactNode;
  /** The buttons under the text (a notice's choices); a form brings its own. */
  actions?: ReactNode;
  tone?: 'gold' | 'ruby';
  /** 'alertdialog' for a question that must be answered (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** 'notice': short and centred over the show; 'form': wider, scrolls, over the app's bars. */
  variant?: 'notice' | 'form';
  /** Escape anywhere on the page. */
  onEscape?: () => void;
  /** A Close button in the corner, and Escape inside the dialog. */
  onClose?: () => void;
  /** What takes focus on open (the first match inside the dialog). */
  initialFocus?: string;
  testId?: string;
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [tabindex="0"]';

/**
 * The app's one dialog: a blocking box over the page, focused on open, Tab kept inside it, and
 * focus handed back to what opened it on close. The game's notices and the profile's Edit
 * Details use it. One rule for layers: a modal is above everything (it is put on the body, out
 * of any stacking context of the page, over the bottom bar, the menu, the badge and the
 * banners) and opening one closes the menu.
 */
export function Modal({
  title,
  children,
  actions,
  tone = 'gold',
  role = 'dialog',
  variant = 'notice',
  onEscape,
  onClose,
  initialFocus = 'button',
  testId,
}: ModalProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    useClientStore.getState().setNavigationDrawerOpen(false);
  }, []);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    // Focus once the dialog's frame is drawn: focusing now would force the layout of the whole
    // new tree inside this task (a long task on a phone when the dialog opens with the page).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => box.current?.querySelector<HTMLElement>(initialFocus)?.focus());
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      opener?.focus();
    };
    // Focus moves in once, on open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!onEscape) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onEscape();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onEscape]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={[styles.backdrop, styles[`${variant}Backdrop`]].join(' ')} onKeyDown={onKeyDown}>
      <div
        ref={box}
        className={[styles.modal, styles[variant], styles[tone]].join(' ')}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        {onClose && (
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        )}
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {variant === 'notice' ? <div className={styles.body}>{children}</div> : children}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}
