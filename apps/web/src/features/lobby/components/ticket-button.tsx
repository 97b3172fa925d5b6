import type { LobbyGame } from '@ruthless/protocol';
import { Button, LinkButton } from '@/components/ui/button';
import { TicketIcon } from '@/components/ui/icons';

export type TicketButtonState = 'held' | 'in-progress' | 'on-break' | 'sold-out' | 'claimable';

/**
 * docs/player-app.md (Start-up gate): a ticket held wins; else started, then the player's break,
 * then sold out, else claimable.
 */
export function ticketButtonState(
  game: LobbyGame,
  { held, started, onBreak = false }: { held: boolean; started: boolean; onBreak?: boolean },
) {
  if (held) return 'held' as const;
  if (started) return 'in-progress' as const;
  if (onBreak) return 'on-break' as const;
  if (game.ticketsAvailable <= 0) return 'sold-out' as const;
  return 'claimable' as const;
}

export interface TicketButtonProps {
  game: LobbyGame;
  state: TicketButtonState;
  isClaiming: boolean;
  onClaim: () => void;
}

/** 'Return To Game', 'In Progress' or 'On a break' (disabled), or 'Claim Ticket' (disabled when sold out). */
export function TicketButton({ game, state, isClaiming, onClaim }: TicketButtonProps) {
  if (state === 'held') {
    return (
      <LinkButton to={`/game/${game.gameUuid}`} variant="ruby" fullWidth>
        Return To Game
      </LinkButton>
    );
  }
  if (state === 'in-progress') {
    return (
      <Button fullWidth disabled>
        In Progress
      </Button>
    );
  }
  if (state === 'on-break') {
    return (
      <Button fullWidth disabled>
        On a break
      </Button>
    );
  }
  return (
    <Button
      fullWidth
      icon={<TicketIcon />}
      disabled={state === 'sold-out'}
      isLoading={isClaiming}
      onClick={onClaim}
    >
      Claim Ticket
    </Button>
  );
}
