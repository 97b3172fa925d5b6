import type { ReactNode } from 'react';
import styles from './form-field.module.css';

export interface FieldProps {
  /** The words that name the control (its accessible name). */
  label: ReactNode;
  /** The control: an input, a select or a textarea, styled by the field. */
  children: ReactNode;
  /** A line under the control, e.g. a count against a limit; give it an id for aria-describedby. */
  hint?: ReactNode;
  hintId?: string;
  /** The hint in the warning colour (a limit reached). */
  hintWarns?: boolean;
  className?: string;
}

/** A labelled control: the label wraps it, so clicking the words focuses it and they name it. */
export function Field({ label, children, hint, hintId, hintWarns, className }: FieldProps) {
  return (
    <label className={[styles.field, className].filter(Boolean).join(' ')}>
      {label}
      {children}
      {hint !== undefined && (
        <span id={hintId} className={styles.hint} data-warns={hintWarns || undefined}>
          {hint}
        </span>
      )}
    </label>
  );
}

/** Fields side by side, as many as fit (at least 100 px each), wrapping on a narrow column. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}

/** What a form refuses, said inside the form (announced as an alert). */
export function FormAlert({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.alert} role="alert">
      {children}
    </p>
  );
}
