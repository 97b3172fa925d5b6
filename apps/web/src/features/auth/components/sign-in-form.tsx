import { Button } from '@/components/ui/button';
import { useLandingForm } from '../hooks/use-landing-form';
import type { AuthFormMode } from './auth-form';
import { FormField } from './form-field';
import styles from './auth.module.css';

const FIELDS = ['email', 'password'] as const;

export function SignInForm({
  onMode,
  onSignedIn,
}: {
  onMode: (mode: AuthFormMode) => void;
  onSignedIn: () => void;
}) {
  const form = useLandingForm('sign-in', { fieldOrder: FIELDS, onSent: onSignedIn });

  return (
    <form className={styles.form} noValidate aria-labelledby="auth-title" {...form.handlers}>
      <h2 id="auth-title" className={styles.title}>
        Take your seat
      </h2>
      <p className={styles.lead}>Sign in to claim a free ticket for the next show.</p>
      <FormField
        id="sign-in-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        name="email"
        invalid={form.isInvalid('email')}
      />
      <FormField
        id="sign-in-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Your password"
        name="password"
        invalid={form.isInvalid('password')}
      />
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth isLoading={form.isSending}>
          Sign in
        </Button>
        <div className={styles.switches}>
          <button type="button" className={styles.linkButton} onClick={() => onMode('sign-up')}>
            Create an account
          </button>
          <button type="button" className={styles.linkButton} onClick={() => onMode('forgot-password')}>
            Forgot password?
          </button>
        </div>
      </div>
    </form>
  );
}
