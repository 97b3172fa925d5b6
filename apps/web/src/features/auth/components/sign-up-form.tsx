import { Button } from '@/components/ui/button';
import { useLandingForm } from '../hooks/use-landing-form';
import type { AuthFormMode } from './auth-form';
import { FormField } from './form-field';
import styles from './auth.module.css';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

export function SignUpForm({
  onMode,
  onSignedIn,
}: {
  onMode: (mode: AuthFormMode) => void;
  onSignedIn: () => void;
}) {
  const form = useLandingForm('sign-up', { fieldOrder: FIELDS, onSent: onSignedIn });

  return (
    <form className={styles.form} noValidate aria-labelledby="auth-title" {...form.handlers}>
      <h2 id="auth-title" className={styles.title}>
        Join the show
      </h2>
      <p className={styles.lead}>Create a free account. The shows are tests: no money, no real prizes.</p>
      <div className={styles.row}>
        <FormField
          id="sign-up-first-name"
          label="First name"
          optional
          autoComplete="given-name"
          name="firstName"
          invalid={form.isInvalid('firstName')}
        />
        <FormField
          id="sign-up-last-name"
          label="Last name"
          optional
          autoComplete="family-name"
          name="lastName"
          invalid={form.isInvalid('lastName')}
        />
      </div>
      <FormField
        id="sign-up-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        name="email"
        invalid={form.isInvalid('email')}
      />
      <FormField
        id="sign-up-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="At least 6 characters"
        name="password"
        invalid={form.isInvalid('password')}
      />
      <FormField
        id="sign-up-confirm-password"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        placeholder="Type it again"
        name="confirmPassword"
        invalid={form.isInvalid('confirmPassword')}
      />
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth isLoading={form.isSending}>
          Sign up
        </Button>
        <div className={styles.switches}>
          <button type="button" className={styles.linkButton} onClick={() => onMode('sign-in')}>
            Already have an account? Sign in
          </button>
        </div>
      </div>
    </form>
  );
}
