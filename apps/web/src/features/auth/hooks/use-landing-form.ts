import { useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import type * as LandingFormsModule from '../api/landing-forms';
import type { AuthFormMode } from '../components/auth-form';

type LandingForms = typeof LandingFormsModule;
let loading: Promise<LandingForms> | undefined;

/**
 * The landing forms' checks and requests (api/landing-forms.ts), asked for once a form is first
 * touched, or at the latest when it is sent; asked again after a failed load.
 */
function loadLandingForms(): Promise<LandingForms> {
  loading ??= import('../api/landing-forms').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const valuesOf = (form: HTMLFormElement) => Object.fromEntries(new FormData(form)) as Record<string, string>;

/**
 * A landing form (sign-in, sign-up, forgot password) checked and sent as useSchemaForm does the
 * app's other forms (docs/player-app.md, Validation), but with plain inputs that take typing
 * before the form's code has come (docs/web-quality.md, JavaScript per route). On submit the
 * first field in error takes the focus and every message shows in one toast, in the order of
 * `fieldOrder`; after a submit, each edit checks its field again. When the checks pass the
 * request goes, its failure shown as an error toast, and then `onSent` runs.
 */
export function useLandingForm(
  mode: AuthFormMode,
  { fieldOrder, onSent }: { fieldOrder: readonly string[]; onSent: () => void },
) {
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(() => new Set());
  const [isSending, setSending] = useState(false);
  const [, setFailure] = useState();
  const submitted = useRef(false);

  const submit = async (form: HTMLFormElement) => {
    submitted.current = true;
    const forms = await loadLandingForms();
    const { errors, send } = await forms.landingForms[mode](valuesOf(form));
    setInvalid(new Set(Object.keys(errors)));
    if (!send) {
      [...form.elements]
        .find(
          (element): element is HTMLInputElement =>
            element instanceof HTMLInputElement && element.name in errors,
        )
        ?.focus();
      forms.toastFormErrors(errors, fieldOrder);
      return;
    }
    setSending(true);
    try {
      await send();
      onSent();
    } catch (error) {
      toast.error(forms.errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  const recheck = async (form: HTMLFormElement, field: string) => {
    const { errors } = await (await loadLandingForms()).landingForms[mode](valuesOf(form));
    setInvalid((current) => {
      if (current.has(field) === field in errors) return current;
      const next = new Set(current);
      if (field in errors) next.add(field);
      else next.delete(field);
      return next;
    });
  };

  return {
    isSending,
    isInvalid: (field: string) => invalid.has(field),
    /** For the `<form>`. */
    handlers: {
      onFocus: () => void loadLandingForms().catch(() => undefined),
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        // Only the form's own code failing to load gets here: the crash screen, as for any chunk
        // that fails (app/router.tsx).
        void submit(event.currentTarget).catch((error: unknown) =>
          setFailure(() => {
            throw error;
          }),
        );
      },
      onChange: (event: FormEvent<HTMLFormElement>) => {
        const { target, currentTarget } = event;
        if (submitted.current && target instanceof HTMLInputElement && target.name) {
          void recheck(currentTarget, target.name).catch(() => undefined);
        }
      },
    },
  };
}
