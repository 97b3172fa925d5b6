import { toast } from '@/lib/toast';
import { forgotPasswordSchema, type ForgotPasswordForm as ForgotPasswordValues } from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { messages } from '../messages';
import type { AuthFormMode } from './auth-form';
import { FormField } from './form-field';
import styles from './auth.module.css';

const FIELDS = ['email'] as const;

export function ForgotPasswordForm({ onMode }: { onMode: (mode: AuthFormMode) => void }) {
  const requestReset = useRequestPasswordReset();
  const { register, onSubmit, formState } = useSchemaForm({
    schema: forgotPasswordSchema,
    defaultValues: { email: '' },
    fieldOrder: FIELDS,
    submit: async (values: ForgotPasswordValues) => {
      await requestReset.mutateAsync(values);
      toast.success(messages.resetMailSent);
      onMode('sign-in');
    },
  });

  return (
    <form className={styles.form} noValidate aria-labelledby="auth-title" onSubmit={onSubmit}>
      <h2 id="auth-title" className={styles.title}>
        Forgot password
      </h2>
      <p className={styles.lead}>Tell us your email and we will send you a link to choose a new password.</p>
      <FormField
        id="forgot-password-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        invalid={Boolean(formState.errors.email)}
        {...register('email')}
      />
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth isLoading={requestReset.isPending}>
          Send reset link
        </Button>
        <div className={styles.switches}>
          <button type="button" className={styles.linkButton} onClick={() => onMode('sign-in')}>
            Back to sign in
          </button>
        </div>
      </div>
    </form>
  );
}
