import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { signInSchema, type SignInForm as SignInValues } from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useSignIn } from '../api/sign-in';
import { toastFormErrors } from '@/components/ui/form-errors-toast';
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
  const { register, handleSubmit, formState } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const signIn = useSignIn();

  // mutateAsync: the form may unmount (the page moves on) before the reply; the toast still shows.
  const onValid = async (values: SignInValues) => {
    try {
      await signIn.mutateAsync(values);
      toast.success(messages.signedIn);
      onSignedIn();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="auth-title"
      onSubmit={handleSubmit(onValid, (errors) => toastFormErrors(errors, FIELDS))}
    >
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
