import { Logo } from '../logo';
import { ProgressBar } from '../progress-bar';
import styles from './loading-screen.module.css';

export interface LoadingScreenProps {
  /** docs/player-app.md's steps: 'Loading initial data...', 'Verifying user token...', 'Checking default user settings...'. */
  message?: string;
}

/** Full-screen wait with the logo and the looping progress bar. */
export function LoadingScreen({ message = 'Loading initial data...' }: LoadingScreenProps) {
  return (
    <div className={styles.screen}>
      <Logo className={styles.logo} />
      <div className={styles.progress}>
        <ProgressBar label={message} />
        <p className={styles.message}>{message}</p>
      </div>
    </div>
  );
}
