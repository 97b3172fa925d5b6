import { LinkButton } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { Panel } from '@/components/ui/panel';
import { ShareIcon, StealIcon } from '@/components/ui/share-steal-slider';
import styles from './how-to-play.module.css';

/** The show in order (docs/game-rules.md), one card per stage. */
const STAGES = [
  {
    name: 'Claim your ticket',
    text: 'Pick a show in a room and claim one free ticket: a 90-ball card with 15 numbers, 5 on each row.',
  },
  {
    name: 'The Green Room',
    text: 'Five minutes before the start the doors open: say hello in the chat while the host warms up.',
  },
  {
    name: 'The Reels',
    text: 'Three reels spin and land on the prize ball and the pot multiplier (x1, x2 or x3 on the full house).',
  },
  {
    name: 'Lucky Fate',
    text: 'Every ticket hides a lucky-fate card worth x1, x2 or x3 on everything it wins. Pick one of three face-down cards (no pick: one is picked for you). The cards are shown at the end.',
  },
  {
    name: 'The Draw',
    text: 'Balls are called and your ticket is marked for you, so you never miss a number.',
  },
  {
    name: 'Ruthless Mode',
    text: 'The full-house winners (and the runner-up when there is only one) go to the final to share or steal the pot.',
  },
  { name: 'The Reveal', text: 'The choices, the lucky-fate cards and everyone’s winnings, one by one.' },
];

const PRIZES = [
  { name: 'One line', text: 'The first to complete any one row.' },
  { name: 'Two lines', text: 'The first to complete any two rows.' },
  { name: 'Full house', text: 'All 15 numbers: this prize is the pot of the final.' },
];

/**
 * 'How to play': the stages, the prizes, lucky fate, the final's rules and the fair draw. Public,
 * so visitors reach it from the landing and players from the menu.
 */
export function HowToPlayRoute() {
  return (
    <div className={styles.page}>
      <Logo className={styles.logo} />
      <h1 className={styles.title}>How to play</h1>
      <p className={styles.lead}>
        Bingo with a twist: a live host, 90 balls and a final where friends turn ruthless.
      </p>

      <Panel aria-labelledby="htp-stages">
        <h2 id="htp-stages" className={styles.heading}>
          The show, stage by stage
        </h2>
        <ol className={styles.stages}>
          {STAGES.map((stage, index) => (
            <li key={stage.name} style={{ animationDelay: `${index * 70}ms` }}>
              <span className={styles.ball} aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className={styles.stageName}>{stage.name}</h3>
                <p>{stage.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Panel>

      <Panel aria-labelledby="htp-prizes">
        <h2 id="htp-prizes" className={styles.heading}>
          Prizes
        </h2>
        <dl className={styles.prizes}>
          {PRIZES.map((prize) => (
            <div key={prize.name}>
              <dt>{prize.name}</dt>
              <dd>{prize.text}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.note}>
          Win a prize on the prize ball and it is doubled. Tickets that win on the same ball share the prize.
          Your lucky-fate card then multiplies all you win.
        </p>
      </Panel>

      <Panel tone="gold" aria-labelledby="htp-final">
        <h2 id="htp-final" className={styles.heading}>
          The final: share or steal?
        </h2>
        <p className={styles.note}>
          Each finalist secretly slides left to <strong>share</strong> or right to <strong>steal</strong>{' '}
          before the clock hits 0. No choice? The default from your profile is played.
        </p>
        <ul className={styles.outcomes}>
          <li>
            <span className={styles.share}>
              <ShareIcon /> All share
            </span>
            The pot is split equally between the finalists.
          </li>
          <li>
            <span className={styles.steal}>
              <StealIcon /> Some steal
            </span>
            The stealers split the pot; the sharers get nothing.
          </li>
          <li>
            <span className={styles.steal}>
              <StealIcon /> All steal
            </span>
            Nobody wins: the pot rolls over into the room&apos;s next full house.
          </li>
        </ul>
      </Panel>

      <Panel aria-labelledby="htp-fair">
        <h2 id="htp-fair" className={styles.heading}>
          A fair draw, and you can check it
        </h2>
        <p className={styles.note}>
          Before a show the server fixes a secret random seed and publishes its fingerprint (a SHA-256 hash).
          The order of the balls, the prize ball, the pot multiplier and every lucky-fate card come from that
          seed alone. When the show ends the seed is published, and &lsquo;Check this draw&rsquo; on the
          results recomputes the whole draw in your browser, so nobody, not even the host, can change it
          mid-show.
        </p>
      </Panel>

      <p className={styles.free}>
        Every show is a free test event: prizes are shown in pounds but no money moves.
      </p>
      <LinkButton to="/" variant="gold" size="lg" fullWidth>
        Games Lobby
      </LinkButton>
    </div>
  );
}
