import { Link, useSearchParams } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { Panel } from '@/components/ui/panel';
import { UnsubscribeReminders } from '@/features/safety/components/unsubscribe-reminders';
import styles from './public-page.module.css';

/** /unsubscribe?token=…: the page a reminder mail links to (no sign-in needed). */
export function UnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  return (
    <div className={styles.page}>
      <Link to="/" className={styles.logoLink} aria-label="Ruthless home">
        <Logo className={styles.logo} />
      </Link>
      <Panel tone="gold" className={styles.panel}>
        <UnsubscribeReminders
          token={searchParams.get('token')}
          classNames={{ title: styles.title!, text: styles.text! }}
        />
      </Panel>
    </div>
  );
}
