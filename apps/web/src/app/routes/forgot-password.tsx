import { Link, useSearchParams } from 'react-router';
import { KeyIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { Panel } from '@/components/ui/panel';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';
import styles from './public-page.module.css';

/** /forgot-password?oobCode=…: the link of the reset mail, to choose a new password. */
export function ForgotPasswordRoute() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('oobCode');

  return (
    <div className={styles.page}>
      <Link to="/login" className={styles.logoLink} aria-label="Ruthless home">
        <Logo className={styles.logo} />
      </Link>
      <Panel tone="gold" className={styles.panel}>
        <KeyIcon className={styles.icon} />
        <NewPasswordForm key={code} code={code} />
      </Panel>
    </div>
  );
}
