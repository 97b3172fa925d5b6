import { format } from '@/lib/dates';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { LobbyGame, PlayBreak, Room } from '@ruthless/protocol';
import { Button, LinkButton } from '@/components/ui/button';
import { ArrowLeftIcon, TicketIcon } from '@/components/ui/icons';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { useActiveTickets } from '@/api/get-active-tickets';
import { useRooms } from '@/api/get-rooms';
import { StartCountdown } from '@/features/lobby/components/start-countdown';
import { useCountdownCompleted } from '@/features/lobby/hooks/use-countdown';
import { useLiveMetadata } from '@/features/lobby/hooks/use-live-metadata';
import { useClaimTicket } from '@/api/claim-ticket';
import { LuckyFateCards } from '@/features/purchase/components/lucky-fate-cards';
import { usePlayBreak } from '@/features/safety/api/get-play-break';
import { BreakNotice } from '@/features/safety/components/break-notice';
import { PrizeTable } from '@/features/purchase/components/prize-table';
import { useBackgroundMusic } from '@/lib/sound';
import { useClientStore } from '@/stores/client-store';
import { useSessionStore } from '@/stores/session-store';
import styles from './purchase.module.css';

/**
 * The ticket office for a pre-game lucky-fate game (docs/player-app.md (Screens), loaded on demand): the game,
 * its start, its prizes and three face-down lucky-fate cards; the player picks one and claims.
 */
export function PurchaseRoute() {
  const { roomUuid = '', gameUuid = '' } = useParams();
  const rooms = useRooms();
  const activeTickets = useActiveTickets();
  const setTheme = useClientStore((state) => state.setBackgroundTheme);
  // A break or self-exclusion in force: said before any card is picked, and no claim offered.
  const away = usePlayBreak(useSessionStore((state) => state.playerUuid)).data?.current ?? null;
  useLiveMetadata();
  useBackgroundMusic('presenter-only');

  const room = rooms.data?.find((candidate) => candidate.roomUuid === roomUuid);
  const game = room?.games.find((candidate) => candidate.gameUuid === gameUuid);
  const held = activeTickets.data?.some((ticket) => ticket.gameUuid === gameUuid) ?? false;

  useEffect(() => {
    setTheme(room?.theme ?? 'DEFAULT');
  }, [room?.theme, setTheme]);
  useEffect(() => () => setTheme('DEFAULT'), [setTheme]);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Ticket office</p>
        <h1 className={styles.title}>Claim Your Ticket</h1>
      </header>
      {rooms.isPending ? (
        <div className={styles.loading}>
          <Spinner label="Loading the game" />
        </div>
      ) : !room || !game ? (
        <Panel className={styles.notice} role="alert">
          <p className={styles.noticeTitle}>This show is off the schedule</p>
          <p className={styles.noticeText}>
            The game has ended, been cancelled or never existed. Pick another one.
          </p>
        </Panel>
      ) : (
        <TicketOffice room={room} game={game} held={held} away={away} />
      )}
      <LinkButton to="/" variant="glass" fullWidth icon={<ArrowLeftIcon />}>
        Back to the lobby
      </LinkButton>
    </div>
  );
}

function TicketOffice({
  room,
  game,
  held,
  away,
}: {
  room: Room;
  game: LobbyGame;
  held: boolean;
  away: PlayBreak | null;
}) {
  const navigate = useNavigate();
  const purchase = useClaimTicket();
  const [picked, setPicked] = useState<number | null>(null);
  const completed = useCountdownCompleted(game.gameStartTime);
  const started = game.hasGameStarted || completed;
  const soldOut = game.ticketsAvailable <= 0;
  const start = new Date(game.gameStartTime);

  const claim = () => {
    if (picked === null) return;
    purchase.mutate(
      { gameUuid: game.gameUuid, roomUuid: room.roomUuid, luckyFateCard: picked },
      { onSuccess: () => void navigate('/') },
    );
  };

  return (
    <>
      <Panel tone="gold" className={styles.show} aria-label="The game">
        <div className={styles.showHead}>
          <img className={styles.roomImage} src={room.roomImage} alt="" />
          <div className={styles.showTitle}>
            <p className={styles.roomName}>{room.name}</p>
            <p className={styles.start}>
              <time dateTime={game.gameStartTime}>{format(start, "EEEE d MMMM 'at' h:mma")}</time>
            </p>
          </div>
        </div>
        {started ? (
          <p className={styles.startedLine}>
            Started <time dateTime={game.gameStartTime}>{format(start, 'h:mma dd/MM/yy')}</time>
          </p>
        ) : (
          <StartCountdown startTime={game.gameStartTime} greenRoom={game.state === 'green-room'} />
        )}
        <PrizeTable prizes={game.prizes} rolloverPence={game.rolloverPence} />
        <p className={styles.tickets}>
          <strong>{Math.max(0, game.ticketsAvailable)}</strong> of {game.maxTickets} tickets available
        </p>
      </Panel>

      {held ? (
        <Panel className={styles.notice}>
          <p className={styles.noticeTitle}>Your seat is booked</p>
          <p className={styles.noticeText}>You already hold a ticket for this game.</p>
          <LinkButton to={`/game/${game.gameUuid}`} variant="ruby" fullWidth>
            Return To Game
          </LinkButton>
        </Panel>
      ) : away ? (
        <BreakNotice away={away} />
      ) : (
        <Panel className={styles.pick} aria-labelledby="lucky-fate-title">
          <h2 id="lucky-fate-title" className={styles.pickTitle}>
            Pick your lucky fate
          </h2>
          <p className={styles.pickText}>
            Three cards, face down. Each hides x1, x2 or x3 on everything your ticket wins. Yours stays secret
            until the reveal.
          </p>
          <LuckyFateCards
            picked={picked}
            onPick={setPicked}
            disabled={purchase.isPending || started || soldOut}
          />
          <Button
            size="lg"
            fullWidth
            icon={<TicketIcon />}
            disabled={picked === null || started || soldOut}
            isLoading={purchase.isPending}
            onClick={claim}
          >
            {started ? 'In Progress' : 'Claim Ticket'}
          </Button>
          {soldOut && !started && <p className={styles.soldOut}>Sorry, this game is sold out.</p>}
        </Panel>
      )}
    </>
  );
}
