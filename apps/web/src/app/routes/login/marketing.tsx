import styles from './login.module.css';

/** 'What is Ruthless?' and 'Who is behind Ruthless?' (docs/player-app.md (Screens) /login). */
export function Marketing() {
  return (
    <div className={styles.marketing}>
      <section className={styles.section} aria-labelledby="what-title">
        <h2 id="what-title" className={styles.sectionTitle}>
          What is Ruthless?
        </h2>
        <p>
          Ruthless is a live bingo game show you play on your phone. A host calls 90-ball bingo on live video,
          your ticket marks itself, and everyone in the room races the same balls at the same moment for one
          line, two lines and a full house.
        </p>
        <p>
          The full house is only the start. Its winners go through to the final, where the pot waits and the
          show earns its name: each finalist secretly chooses to <strong>share</strong> or{' '}
          <strong>steal</strong>. If everyone shares, the pot is split. If some steal, the stealers split it
          and the sharers leave with nothing. If everyone steals, nobody wins and the pot rolls over to the
          next show.
        </p>
        <ul className={styles.features}>
          <li>
            <strong>Live host</strong>
            <span>Every ball called on camera</span>
          </li>
          <li>
            <strong>Lucky fate</strong>
            <span>A hidden x1, x2 or x3 on every ticket</span>
          </li>
          <li>
            <strong>Provably fair</strong>
            <span>Every draw can be checked after the show</span>
          </li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="who-title">
        <h2 id="who-title" className={styles.sectionTitle}>
          Who is behind Ruthless?
        </h2>
        <p>
          A small team of bingo callers, game-show producers and web developers who wanted the tension of a
          Saturday-night TV final in a bingo room, with a real host on camera rather than numbers ticking over
          on a screen.
        </p>
        <p>
          We are running Ruthless as a series of free test shows while we tune the timing, the host video and
          the final. Nothing is sold and nothing is paid out. Play along, tell us what you think in the chat,
          and help us build the show.
        </p>
      </section>
    </div>
  );
}
