import type { Choice } from '@ruthless/game';
import styles from './never-sent-note.module.css';

/**
 * A finalist who tapped SHARE or STEAL offline and came back after the counter: the tap never
 * reached the server, so what was played is their profile's default (or the choice they had sent
 * before). Said beside the reveal and the results, where they would otherwise read their own.
 */
export function NeverSentNote({
  choice,
  played,
}: {
  choice: Choice;
  /** What the server played for their ticket (unknown until the result is in). */
  played: { choice: Choice; defaulted: boolean } | undefined;
}) {
  const tapped = choice.toUpperCase();
  const why = 'you were offline when the counter reached 0';
  return (
    <p className={styles.note} role="status" data-testid="never-sent-note">
      {!played
        ? `Your ${tapped} was never sent: ${why}.`
        : played.defaulted
          ? `Your ${tapped} was never sent: ${why}, so your default, ${played.choice.toUpperCase()}, was played.`
          : `Your change to ${tapped} was never sent: ${why}, so your ${played.choice.toUpperCase()} stood.`}
    </p>
  );
}
