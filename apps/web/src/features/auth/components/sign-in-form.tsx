import { toast } from '@/lib/toast';
import { signInSchema, type SignInForm as SignInValues } from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useSignIn } from '../api/sign-in';
import { messages } from '../messages';
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
  const signIn = useSignIn();
  const { register, onSubmit, formState } = useSchemaForm({
    schema: signInSchema,
    defaultValues: { email: '', password: '' },
    fieldOrder: FIELDS,
    submit: async (values: SignInValues) => {
      await signIn.mutateAsync(values);
      toast.success(messages.signedIn);
      onSignedIn();
    },
  });

  return (
    <form className={styles.form} noValidate aria-labelledby="auth-title" onSubmit={onSubmit}>
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
        invalid={Boolean(formState.errors.email)}
        {...register('email')}
      />
      <FormField
        id="sign-in-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Your password"
        invalid={Boolean(formState.errors.password)}
        {...register('password')}
      />
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth isLoading={signIn.isPending}>
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
