import { Logo } from '@/components/ui/logo';
import styles from './rotate-device.module.css';

/** Full-screen message shown instead of the app when a phone is held in landscape. */
export function RotateDevice({ className }: { className?: string }) {
  return (
    <div className={[styles.screen, className].filter(Boolean).join(' ')} role="alert">
      <Logo variant="compact" className={styles.logo} />
      <div className={styles.phone} aria-hidden="true">
        <span className={styles.notch} />
      </div>
      <p className={styles.title}>Rotate your device</p>
      <p className={styles.text}>The show is made for portrait. Turn your phone upright to keep playing.</p>
    </div>
  );
}
