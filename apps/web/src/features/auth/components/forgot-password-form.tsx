import { Button } from '@/components/ui/button';
import { useLandingForm } from '../hooks/use-landing-form';
import type { AuthFormMode } from './auth-form';
import { FormField } from './form-field';
import styles from './auth.module.css';

const FIELDS = ['email'] as const;

export function ForgotPasswordForm({ onMode }: { onMode: (mode: AuthFormMode) => void }) {
  const form = useLandingForm('forgot-password', { fieldOrder: FIELDS, onSent: () => onMode('sign-in') });

  return (
    <form className={styles.form} noValidate aria-labelledby="auth-title" {...form.handlers}>
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
        name="email"
        invalid={form.isInvalid('email')}
      />
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth isLoading={form.isSending}>
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
