import type { FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { forgotPasswordSchema, signInSchema, signUpSchema } from '@ruthless/protocol';
import { toast } from '@/lib/toast';
import { messages } from '../messages';
import { requestPasswordReset } from './request-password-reset';
import { signIn } from './sign-in';
import { signUp } from './sign-up';

export { toastFormErrors } from '@/components/ui/form-errors-toast';
export { errorMessage } from '@/lib/api-client';

/** A form's values checked: their errors, or none and the request that sends them. */
export interface Checked {
  errors: FieldErrors;
  send?: () => Promise<void>;
}

/**
 * A landing form's check by its protocol schema, reported as useSchemaForm's zod resolver reports
 * it (each field's first message), without the form library, which would come along whole; and
 * its request with the success toast.
 */
function landingForm<Output>(schema: z.ZodType<Output>, submit: (values: Output) => Promise<void>) {
  return async (values: Record<string, string>): Promise<Checked> => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { errors: {}, send: () => submit(result.data) };
    const errors: FieldErrors = {};
    for (const { path, code, message } of result.error.issues) {
      errors[path.join('.')] ??= { type: code, message };
    }
    return { errors };
  };
}

/**
 * What the landing's forms do with their values (hooks/use-landing-form.ts), by form mode. Loaded
 * once a form is touched, with zod, the schemas and Better Auth's client, none of which the fields
 * need to take typing (docs/web-quality.md, JavaScript per route).
 */
export const landingForms = {
  'sign-in': landingForm(signInSchema, async (values) => {
    await signIn(values);
    toast.success(messages.signedIn);
  }),
  'sign-up': landingForm(signUpSchema, async (values) => {
    await signUp(values);
    toast.success(messages.signedUp);
  }),
  'forgot-password': landingForm(forgotPasswordSchema, async (values) => {
    await requestPasswordReset(values);
    toast.success(messages.resetMailSent);
  }),
};
