import styles from './lucky-fate-cards.module.css';

export const LUCKY_FATE_CARDS = [0, 1, 2] as const;

export interface LuckyFateCardsProps {
  picked: number | null;
  onPick: (card: number) => void;
  disabled?: boolean;
}

/**
 * Three face-down lucky-fate cards. The one picked flips over to show it is the player's; what
 * it hides (x1, x2 or x3) stays secret until the reveal.
 */
export function LuckyFateCards({ picked, onPick, disabled = false }: LuckyFateCardsProps) {
  return (
    <div className={styles.cards} role="radiogroup" aria-label="Lucky-fate cards">
      {LUCKY_FATE_CARDS.map((card) => {
        const isPicked = picked === card;
        return (
          <button
            key={card}
            type="button"
            role="radio"
            aria-checked={isPicked}
            aria-label={`Lucky-fate card ${card + 1}`}
            className={[
              styles.card,
              isPicked ? styles.flipped : '',
              picked !== null && !isPicked ? styles.dimmed : '',
            ].join(' ')}
            disabled={disabled}
            onClick={() => onPick(card)}
          >
            <span className={styles.floater}>
              <span className={styles.inner}>
                <span className={styles.back} aria-hidden="true">
                  <span className={styles.mark}>?</span>
                </span>
                <span className={styles.front} aria-hidden="true">
                  <span className={styles.star}>★</span>
                  <span className={styles.frontTitle}>Your card</span>
                  <span className={styles.frontText}>x1, x2 or x3</span>
                </span>
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
