import { toast } from '@/lib/toast';
import { signUpSchema, type SignUpForm as SignUpValues } from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useSignUp } from '../api/sign-up';
import { messages } from '../messages';
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
  const signUp = useSignUp();
  const { register, onSubmit, formState } = useSchemaForm({
    schema: signUpSchema,
    defaultValues: { email: '', password: '', confirmPassword: '', firstName: '', lastName: '' },
    fieldOrder: FIELDS,
    submit: async (values: SignUpValues) => {
      await signUp.mutateAsync(values);
      toast.success(messages.signedUp);
      onSignedIn();
    },
  });

  return (
    <form className={styles.form} noValidate aria-labelledby="auth-title" onSubmit={onSubmit}>
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
          invalid={Boolean(formState.errors.firstName)}
          {...register('firstName')}
        />
        <FormField
          id="sign-up-last-name"
          label="Last name"
          optional
          autoComplete="family-name"
          invalid={Boolean(formState.errors.lastName)}
          {...register('lastName')}
        />
      </div>
      <FormField
        id="sign-up-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        invalid={Boolean(formState.errors.email)}
        {...register('email')}
      />
      <FormField
        id="sign-up-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="At least 6 characters"
        invalid={Boolean(formState.errors.password)}
        {...register('password')}
      />
      <FormField
        id="sign-up-confirm-password"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        placeholder="Type it again"
        invalid={Boolean(formState.errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth isLoading={signUp.isPending}>
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
