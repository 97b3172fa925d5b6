import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './modal.module.css';

export interface ModalProps {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  tone?: 'gold' | 'ruby';
  onEscape?: () => void;
  testId?: string;
}

/** A blocking dialog over the show, focused on open. */
export function Modal({ title, children, actions, tone = 'gold', onEscape, testId }: ModalProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    box.current?.querySelector<HTMLElement>('button')?.focus();
  }, []);

  useEffect(() => {
    if (!onEscape) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onEscape();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onEscape]);

  return (
    <div className={styles.backdrop}>
      <div
        ref={box}
        className={[styles.modal, styles[tone]].join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.body}>{children}</div>
        <div className={styles.actions}>{actions}</div>
      </div>
    </div>
  );
}
