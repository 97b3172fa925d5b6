import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import styles from './lobby.module.css';

/**
 * Games lobby frame. The lobby issue fills it: the rooms carousel (image and name per room, dot
 * indicators) and each room's games with countdown, ticket and remind-me buttons.
 */
export function LobbyRoute() {
  return (
    <>
      <PageHeader eyebrow="Tonight on Ruthless" title="Games Lobby">
        Pick a room, claim a free ticket and be in your seat when the host goes live.
      </PageHeader>

      <section className={styles.rooms} aria-label="Rooms">
        <div className={styles.stage}>
          <div className={styles.curtainLeft} aria-hidden="true" />
          <div className={styles.curtainRight} aria-hidden="true" />
          <div className={styles.spot} aria-hidden="true" />
          <p className={styles.stageText}>Rooms are warming up</p>
        </div>
        <div className={styles.dots} aria-hidden="true">
          <span className={styles.dotActive} />
          <span />
          <span />
        </div>
      </section>

      <Panel className={styles.games} aria-labelledby="games-title">
        <h2 id="games-title" className={styles.gamesTitle}>
          Upcoming games
        </h2>
        <div className={styles.empty}>
          <div className={styles.balls} aria-hidden="true">
            <span>7</span>
            <span>42</span>
            <span>90</span>
          </div>
          <p className={styles.emptyTitle}>No Scheduled Games</p>
          <p className={styles.emptyText}>
            Every game in a room shows here with a countdown to the first ball, tickets left and a reminder
            for your calendar.
          </p>
        </div>
      </Panel>
    </>
  );
}
