import { LinkButton } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { Panel } from '@/components/ui/panel';
import styles from './public-page.module.css';

/** Any address the app does not know. */
export function NotFoundRoute() {
  return (
    <div className={styles.page}>
      <Logo className={styles.logo} />
      <Panel className={styles.panel} aria-labelledby="not-found-title">
        <div className={styles.ball} aria-hidden="true">
          404
        </div>
        <h1 id="not-found-title" className={styles.title}>
          That number's not on the board
        </h1>
        <p className={styles.text}>The page you asked for isn't part of the show. Head back to the lobby.</p>
        <LinkButton to="/" variant="gold" size="lg" fullWidth>
          Games Lobby
        </LinkButton>
      </Panel>
    </div>
  );
}
