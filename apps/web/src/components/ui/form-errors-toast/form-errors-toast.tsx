import type { FieldErrors, FieldValues } from 'react-hook-form';
import { toast } from '@/lib/toast';
import styles from './form-errors-toast.module.css';

// The previous form's toast goes when a new one comes, so only the latest list shows.
let lastToast: string | number | undefined;

/** Every message of a failed form, in the order of its fields, as one bulleted toast. */
export function toastFormErrors<T extends FieldValues>(
  errors: FieldErrors<T>,
  fieldOrder: readonly string[],
) {
  const seen = new Set<string>();
  const list: string[] = [];
  const keys = [...fieldOrder, ...Object.keys(errors).filter((key) => !fieldOrder.includes(key))];
  for (const key of keys) {
    const message = (errors as Record<string, { message?: unknown } | undefined>)[key]?.message;
    if (typeof message === 'string' && !seen.has(message)) {
      seen.add(message);
      list.push(message);
    }
  }
  if (list.length === 0) return;
  if (lastToast !== undefined) toast.dismiss(lastToast);
  lastToast = toast.error(
    <ul className={styles.list} aria-label="Form errors">
      {list.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>,
  );
  keepFieldsClearOfToast();
}

const GAP_PX = 12;

/**
 * The toast sits at the top of the screen, where the fields it names may be: once it is drawn,
 * the first invalid field (the others follow it) is scrolled to just below it, in whatever
 * scrolls it (the page, a dialog).
 */
function keepFieldsClearOfToast(frames = 0) {
  requestAnimationFrame(() => {
    const toastBox = document
      .querySelector('[aria-label="Form errors"]')
      ?.closest('.Toastify__toast')
      ?.getBoundingClientRect();
    if (!toastBox || toastBox.height === 0) {
      // The toasts' code loads with the first toast: a few frames at most.
      if (frames < 120) keepFieldsClearOfToast(frames + 1);
      return;
    }
    const field = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field || field.getBoundingClientRect().top >= toastBox.bottom + GAP_PX) return;
    field.style.scrollMarginTop = `${toastBox.bottom + GAP_PX}px`;
    field.scrollIntoView({ block: 'start' });
    field.style.scrollMarginTop = '';
  });
}
