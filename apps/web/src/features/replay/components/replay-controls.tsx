import { useId, useState } from 'react';
import type { ReplayPlayer, ReplaySpeed } from '../hooks/use-replay-player';
import { clock, nextWin, type TimelineMark } from '../utils/timeline';
import styles from './replay-controls.module.css';

const SPEEDS: ReplaySpeed[] = [1, 2, 4];

const markLabel: Record<TimelineMark['kind'], string> = {
  'one-line': 'One line',
  'two-lines': 'Two lines',
  'full-house': 'Full house',
  final: 'The final',
};

/**
 * A player's controls for watching a show again: play and pause, 1x / 2x / 4x, the timeline
 * with a mark at every win and at the final, and "Jump to my wins" for a ticket holder who won.
 * "Hide controls" folds them to one row (play, the time), so the finalists and the ticket under
 * them show on a small phone.
 */
export function ReplayControls({ player }: { player: ReplayPlayer }) {
  const { timeline, position, playing, speed } = player;
  const [collapsed, setCollapsed] = useState(false);
  const moreId = useId();
  const length = Math.max(timeline.end - timeline.start, 1);
  const offset = position - timeline.start;
  const myWin = nextWin(timeline, position);
  const percent = (at: number) => `${((at - timeline.start) / length) * 100}%`;

  return (
    <section
      className={styles.controls}
      aria-label="Watch again controls"
      data-collapsed={collapsed || undefined}
    >
      <div className={styles.track} id={`${moreId}-track`} hidden={collapsed}>
        <input
          className={styles.range}
          type="range"
          min={0}
          max={Math.round(length / 1000)}
          step={1}
          value={Math.round(offset / 1000)}
          aria-label="Position in the show"
          aria-valuetext={`${clock(offset)} of ${clock(length)}`}
          onChange={(event) => player.seek(timeline.start + Number(event.target.value) * 1000)}
        />
        <ol className={styles.marks} aria-label="Moments">
          {timeline.marks.map((mark) => (
            <li key={`${mark.kind}-${mark.at}`} style={{ left: percent(mark.at) }}>
              <button
                type="button"
                className={styles.mark}
                data-kind={mark.kind}
                data-mine={mark.mine || undefined}
                title={markLabel[mark.kind]}
                aria-label={`Go to ${markLabel[mark.kind]} (${clock(mark.at - timeline.start)})`}
                // A win from the ball before it; the final from its first second.
                onClick={() => player.seek(mark.kind === 'final' ? mark.at + 1000 : mark.at - 1500)}
              />
            </li>
          ))}
        </ol>
      </div>
      <div className={styles.row}>
        <button
          type="button"
          className={styles.play}
          onClick={playing ? player.pause : player.play}
          aria-label={playing ? 'Pause' : 'Play'}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
        <span className={styles.time} data-testid="replay-time">
          {clock(offset)} / {clock(length)}
        </span>
        <div className={styles.speeds} role="group" aria-label="Speed" hidden={collapsed}>
          {SPEEDS.map((choice) => (
            <button
              key={choice}
              type="button"
              className={styles.speed}
              aria-pressed={speed === choice}
              onClick={() => player.setSpeed(choice)}
            >
              {choice}x
            </button>
          ))}
        </div>
        <button
          type="button"
          className={styles.fold}
          aria-expanded={!collapsed}
          aria-controls={`${moreId}-track`}
          aria-label={collapsed ? 'Show controls' : 'Hide controls'}
          onClick={() => setCollapsed((was) => !was)}
        >
          {/* A chevron: the row has room for one more tap target, not for its words. */}
          <span aria-hidden="true">{collapsed ? '▴' : '▾'}</span>
        </button>
      </div>
      {myWin !== null && !collapsed && (
        <button type="button" className={styles.myWins} onClick={() => player.seek(myWin - 1500)}>
          Jump to my wins
        </button>
      )}
    </section>
  );
}
