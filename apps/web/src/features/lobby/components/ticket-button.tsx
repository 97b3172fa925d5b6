import type { LobbyGame } from '@ruthless/protocol';
import { Button, LinkButton } from '@/components/ui/button';
import { TicketIcon } from '@/components/ui/icons';

export type TicketButtonState = 'held' | 'in-progress' | 'sold-out' | 'claimable';

/** docs/player-app.md (Start-up gate): a ticket held wins; else started, then sold out, else claimable. */
export function ticketButtonState(game: LobbyGame, { held, started }: { held: boolean; started: boolean }) {
  if (held) return 'held' as const;
  if (started) return 'in-progress' as const;
  if (game.ticketsAvailable <= 0) return 'sold-out' as const;
  return 'claimable' as const;
}

export interface TicketButtonProps {
  game: LobbyGame;
  state: TicketButtonState;
  isClaiming: boolean;
  onClaim: () => void;
}

/** 'Return To Game', 'In Progress' (disabled), or 'Claim Ticket' (disabled when sold out). */
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
