import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { newPasswordSchema, type NewPasswordForm as NewPasswordValues } from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useCheckResetCode } from '../api/check-reset-code';
import { useResetPassword } from '../api/reset-password';
import { messages } from '../messages';
import { FormField } from './form-field';
import styles from './auth.module.css';

const FIELDS = ['password', 'confirmPassword'] as const;

/**
 * /forgot-password?oobCode=…: the code is checked on load (missing or unusable: back to /login
 * with the error), then a new password twice; on success, /login.
 */
export function NewPasswordForm({ code }: { code: string | null }) {
  const navigate = useNavigate();
  const check = useCheckResetCode(code);
  const reset = useResetPassword();
  const { register, onSubmit, formState } = useSchemaForm({
    schema: newPasswordSchema,
    defaultValues: { password: '', confirmPassword: '' },
    fieldOrder: FIELDS,
    submit: async ({ password }: NewPasswordValues) => {
      if (!code) return; // The form shows only once the code is checked (below).
      await reset.mutateAsync({ code, password });
      toast.success(messages.passwordChanged);
      await navigate('/login', { replace: true });
    },
  });

  const refused = useRef(false);
  useEffect(() => {
    if (refused.current) return;
    if (!code) {
      refused.current = true;
      toast.error(messages.resetCodeMissing);
      void navigate('/login', { replace: true });
    } else if (check.isError) {
      refused.current = true;
      toast.error(messages.resetCodeInvalid);
      void navigate('/login', { replace: true });
    }
  }, [code, check.isError, navigate]);

  if (!code || !check.isSuccess) {
    return (
      <div className={styles.center}>
        <Spinner label="Checking your reset link" />
        <p>Checking your reset link…</p>
      </div>
    );
  }

  return (
    <form
      className={[styles.form, styles.wide].join(' ')}
      noValidate
      aria-labelledby="reset-title"
      onSubmit={onSubmit}
    >
      <h1 id="reset-title" className={styles.title}>
        Choose a new password
      </h1>
      <p className={styles.lead}>Pick something you will remember: at least 6 characters.</p>
      <FormField
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        placeholder="At least 6 characters"
        invalid={Boolean(formState.errors.password)}
        {...register('password')}
      />
      <FormField
        id="confirm-new-password"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        placeholder="Type it again"
        invalid={Boolean(formState.errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth isLoading={reset.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}
