import { formatBreakEnd, PLAY_BREAK_PERIOD_LABELS, type PlayBreakPeriod } from '@ruthless/protocol';
import type { Mail } from '../mail/mailer';

/** The confirmation of a break or a self-exclusion (docs/player-app.md, "Take a break"). */
export function breakConfirmationMail(
  to: string,
  kind: 'break' | 'self-exclusion',
  period: PlayBreakPeriod,
  endsAt: Date,
): Mail {
  const what = kind === 'break' ? 'break' : 'self-exclusion';
  const until = formatBreakEnd(endsAt);
  const lines = [
    'Hello,',
    `Your ${what} from Ruthless has started. It lasts ${PLAY_BREAK_PERIOD_LABELS[period]}, until ${until} (UK time).`,
    'Until then you cannot claim tickets or join shows. You can still sign in to see your break and your past results.',
    `It cannot be shortened or ended early. If you did not ask for this ${what}, reply to this mail.`,
  ];
  return {
    to,
    subject:
      kind === 'break'
        ? 'Your break from Ruthless has started'
        : 'Your self-exclusion from Ruthless has started',
    text: lines.join('\n\n'),
    // Nothing of the player's own is in the mail: the text is ours alone.
    html: lines.map((line) => `<p>${line}</p>`).join(''),
  };
}
