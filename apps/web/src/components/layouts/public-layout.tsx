import { Outlet } from 'react-router';
import styles from './public-layout.module.css';

/** The visitors' frame (landing, password reset): the centred column without the bottom bar. */
export function PublicLayout() {
  return (
    <div className={styles.shell}>
      <Outlet />
    </div>
  );
}
