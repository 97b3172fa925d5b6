import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import styles from './preview-start.module.css';

/** Preview mode's front door: nothing plays until the host asks for it. */
export function PreviewStart({ gameUuid, onStart }: { gameUuid: string; onStart: () => void }) {
  return (
    <Panel tone="gold" className={styles.start}>
      <p className={styles.kicker}>Preview mode</p>
      <h1 className={styles.title}>Game screen preview</h1>
      <p className={styles.text}>
        Watch show {gameUuid.slice(0, 8)} as players see it: read-only, with the host video muted.
      </p>
      <Button size="lg" onClick={onStart}>
        Start preview
      </Button>
    </Panel>
  );
}
