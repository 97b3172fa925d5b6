import { useEffect, useRef } from 'react';
import type { LiveView } from '@ruthless/protocol';
import { useServerNow } from '@/hooks/use-server-now';
import { playSfx } from '../utils/game-audio';
import { money, nameOf, outcomeHeadline } from '../utils/labels';
import { ShareIcon, StealIcon } from '@/components/ui/share-steal-slider';
import styles from './reveal.module.css';

/**
 * What a finalist played, in words: a default is not a choice ("Ava's default: steal"), so it is
 * never said as one.
 */
function playedLine(name: string, played: { choice: 'share' | 'steal'; defaulted: boolean }): string {
  if (!played.defaulted) return `${name} chose to ${played.choice}`;
  return `${name === 'You' ? 'Your' : `${name}'s`} default: ${played.choice}`;
}

export interface RevealProps {
  view: LiveView;
  me: string | null;
  delayMs: number;
  sound: boolean;
}

/**
 * The reveal, one beat at a time (the server's reveal step): each finalist's choice turns over,
 * then each lucky-fate card, then the outcome and everyone's winnings.
 */
export function Reveal({ view, me, delayMs, sound }: RevealProps) {
  const now = useServerNow(200);
  const result = view.result;
  const finalists = view.final?.finalists ?? [];
  const ended = view.stage === 'ended';
  const startedAt = (view.times.revealStartedAt ?? now) + delayMs;
  const step = ended ? Infinity : Math.floor((now - startedAt) / Math.max(view.timings.revealStepMs, 1));
  const n = finalists.length;
  const cards = result?.luckyFate ?? [];
  // Finalists' cards in the finalists' order; in a game without a final, the winners' cards.
  const cardOrder = n > 0 ? finalists.map((f) => cards.find((c) => c.ticketIndex === f.ticketIndex)) : cards;
  const outcomeShown = step >= 2 * n || ended;
  const beats = Math.min(Number.isFinite(step) ? step + 1 : 99, 99);

  const lastBeat = useRef<number | null>(null);
  useEffect(() => {
    if (!sound || ended) return;
    if (lastBeat.current !== null && beats > lastBeat.current) playSfx(outcomeShown ? 'win' : 'reveal');
    lastBeat.current = beats;
  }, [beats, sound, ended, outcomeShown]);

  if (!result) return null;
  const playerIdOf = (ticketIndex: number) =>
    result.payouts.find((p) => p.ticketIndex === ticketIndex)?.playerId;

  return (
    <section className={styles.reveal} aria-labelledby="reveal-title">
      <h2 id="reveal-title" className={styles.title}>
        {ended ? 'The Final' : 'Share or Steal?'}
      </h2>
      {n > 0 && (
        <ul className={styles.row} aria-label="Choices">
          {finalists.map((f, i) => {
            const shown = step >= i;
            const choice = result.choices.find((c) => c.ticketIndex === f.ticketIndex);
            return (
              <li key={f.ticketIndex} className={styles.slot}>
                <div className={[styles.flip, shown ? styles.turned : ''].join(' ')}>
                  <span className={styles.faceDown} aria-hidden="true">
                    ?
                  </span>
                  <span
                    className={[styles.faceUp, choice?.choice === 'steal' ? styles.steal : styles.share].join(
                      ' ',
                    )}
                    aria-hidden={!shown}
                  >
                    {choice?.choice === 'steal' ? (
                      <span className={styles.choiceWord}>
                        <StealIcon /> Steal
                      </span>
                    ) : (
                      <span className={styles.choiceWord}>
                        <ShareIcon /> Share
                      </span>
                    )}
                    {choice?.defaulted && <small>default</small>}
                  </span>
                </div>
                <span className={styles.name}>{nameOf(view.names, f.playerId, me)}</span>
                <span className="visually-hidden" aria-live="polite">
                  {shown && choice ? playedLine(nameOf(view.names, f.playerId, me), choice) : ''}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {cardOrder.length > 0 && (
        <>
          <h3 className={styles.sub}>Lucky fate</h3>
          <ul className={styles.row} aria-label="Lucky-fate cards">
            {cardOrder.map((card, i) => {
              if (!card) return null;
              const shown = step >= n + i;
              const who = n > 0 ? finalists[i]!.playerId : playerIdOf(card.ticketIndex);
              return (
                <li key={card.ticketIndex} className={styles.slot}>
                  <div className={[styles.flip, styles.small, shown ? styles.turned : ''].join(' ')}>
                    <span className={[styles.faceDown, styles.cardBack].join(' ')} aria-hidden="true">
                      ?
                    </span>
                    <span className={[styles.faceUp, styles.card].join(' ')} aria-hidden={!shown}>
                      x{card.multiplier}
                      <small>card {card.pick + 1}</small>
                    </span>
                  </div>
                  <span className={styles.name}>{who ? nameOf(view.names, who, me) : 'Player'}</span>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {outcomeShown && (
        <div className={styles.outcome} aria-live="polite">
          <p className={[styles.headline, styles[result.outcome]].join(' ')}>
            {outcomeHeadline[result.outcome]}
          </p>
          {result.outcome === 'all-steal' && result.rolloverPence > 0 && (
            <p className={styles.rollover}>{money(result.rolloverPence)} rolls over into the next game!</p>
          )}
          <ul className={styles.payouts} aria-label="Winnings">
            {[...result.payouts]
              .sort((a, b) => b.totalPence - a.totalPence)
              .map((p) => (
                <li key={p.ticketIndex} className={p.playerId === me ? styles.me : ''}>
                  <span>{nameOf(view.names, p.playerId, me)}</span>
                  <span className={styles.mult}>x{p.multiplier}</span>
                  <strong>{money(p.totalPence)}</strong>
                </li>
              ))}
          </ul>
        </div>
      )}
    </section>
  );
}
