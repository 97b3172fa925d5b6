import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues } from 'react-hook-form';
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
 * A landing form's check, by its protocol schema and zod's resolver as useSchemaForm has it (each
 * field's first message), and its request with the success toast.
 */
function landingForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  submit: (values: Output) => Promise<void>,
) {
  const resolve = zodResolver(schema);
  return async (values: Record<string, string>): Promise<Checked> => {
    const result = await resolve(values as unknown as Input, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    if (Object.keys(result.errors).length > 0) return { errors: result.errors };
    return { errors: {}, send: () => submit(result.values as Output) };
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
