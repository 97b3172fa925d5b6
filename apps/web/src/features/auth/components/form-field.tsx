import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './auth.module.css';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  invalid?: boolean;
  optional?: boolean;
}

/** A labelled text box of the auth forms; its error goes to the form's one toast. */
export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField(
  { label, invalid, optional, id, className, ...rest },
  ref,
) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {optional && <span className={styles.optional}>(optional)</span>}
      </label>
      <input ref={ref} id={id} className={styles.input} aria-invalid={invalid || undefined} {...rest} />
    </div>
  );
});
