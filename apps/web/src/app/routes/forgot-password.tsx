import { Link, useSearchParams } from 'react-router';
import { LinkButton } from '@/components/ui/button';
import { KeyIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { Panel } from '@/components/ui/panel';
import styles from './public-page.module.css';

/**
 * Password reset frame. The auth issue fills it: it verifies the link's oobCode and asks for the
 * new password twice.
 */
export function ForgotPasswordRoute() {
  const [searchParams] = useSearchParams();
  const hasCode = Boolean(searchParams.get('oobCode'));

  return (
    <div className={styles.page}>
      <Link to="/login" className={styles.logoLink} aria-label="Ruthless home">
        <Logo className={styles.logo} />
      </Link>
      <Panel tone="gold" className={styles.panel} aria-labelledby="reset-title">
        <KeyIcon className={styles.icon} />
        <h1 id="reset-title" className={styles.title}>
          Choose a new password
        </h1>
        <p className={styles.text}>
          {hasCode
            ? 'Your reset link is here. Setting a new password from it opens on this page shortly.'
            : 'Open the link in your password reset email to choose a new password. No email? Ask for one from the sign-in form.'}
        </p>
        <LinkButton to="/login" variant="gold" fullWidth>
          Back to sign in
        </LinkButton>
      </Panel>
    </div>
  );
}
