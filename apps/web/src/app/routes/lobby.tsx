import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { LobbyGame } from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { useClaimTicket } from '@/api/claim-ticket';
import { useActiveTickets } from '@/api/get-active-tickets';
import { useRooms } from '@/api/get-rooms';
import { GameList } from '@/features/lobby/components/game-list';
import { useCancelledGames } from '@/features/lobby/hooks/use-cancelled-games';
import { useLiveMetadata } from '@/features/lobby/hooks/use-live-metadata';
import { usePlayBreak } from '@/features/safety/api/get-play-break';
import { BreakNotice } from '@/features/safety/components/break-notice';
import { useLobbyStore } from '@/stores/lobby-store';
import { trackEvent } from '@/lib/analytics';
import { useBackgroundMusic } from '@/lib/sound';
import { useClientStore } from '@/stores/client-store';
import { useSessionStore } from '@/stores/session-store';
import styles from './lobby.module.css';

// The carousel (and embla) load beside the rooms request, started as soon as the lobby loads;
// the skeleton stays until both are in, so nothing below it jumps.
const roomCarousel = import('@/features/lobby/components/room-carousel');
const RoomCarousel = lazy(() => roomCarousel.then(({ RoomCarousel }) => ({ default: RoomCarousel })));
// The cards' follow buttons come just after the cards: the lobby's first paint never waits on them.
const FollowRoomButton = lazy(async () => ({
  default: (await import('@/features/notifications/components/follow-room-button')).FollowRoomButton,
}));

/**
 * The games lobby (docs/player-app.md, Screens): the rooms carousel, the selected room's games with their
 * countdowns, ticket and remind-me buttons and live ticket counts, in the room's colours, with
 * the presenter's music.
 */
export function LobbyRoute() {
  const rooms = useRooms();
  const activeTickets = useActiveTickets();
  const claim = useClaimTicket();
  const navigate = useNavigate();
  const playerUuid = useSessionStore((state) => state.playerUuid);
  // A break or self-exclusion in force: said up front, and no claim is offered.
  const away = usePlayBreak(playerUuid).data?.current ?? null;
  const selectedRoomUuid = useLobbyStore((state) => state.selectedRoomUuid);
  const selectRoom = useLobbyStore((state) => state.selectRoom);
  const setTheme = useClientStore((state) => state.setBackgroundTheme);
  useLiveMetadata();
  useCancelledGames();
  useBackgroundMusic('presenter-only');

  const roomList = useMemo(() => rooms.data ?? [], [rooms.data]);
  const heldGameUuids = useMemo(
    () => new Set((activeTickets.data ?? []).map((ticket) => ticket.gameUuid)),
    [activeTickets.data],
  );
  // No room chosen yet in this page (a full load, such as a Back out of a show that the browser
  // would not let the show's page hold): the room of a show on air the player holds a ticket for.
  const onAirRoomUuid = useMemo(
    () =>
      roomList.find((room) =>
        room.games.some(
          (game) =>
            heldGameUuids.has(game.gameUuid) && !['scheduled', 'ended', 'cancelled'].includes(game.state),
        ),
      )?.roomUuid ?? null,
    [roomList, heldGameUuids],
  );
  const selectedIndex = Math.max(
    0,
    roomList.findIndex((room) => room.roomUuid === (selectedRoomUuid ?? onAirRoomUuid)),
  );
  const room = roomList[selectedIndex];

  useEffect(() => {
    setTheme(room?.theme ?? 'DEFAULT');
  }, [room?.theme, setTheme]);
  useEffect(() => () => setTheme('DEFAULT'), [setTheme]);

  useEffect(() => {
    trackEvent('joinLobbyTime', { userId: playerUuid });
    // Once per visit to the lobby, with whoever is signed in when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSelect = useCallback(
    (index: number) => {
      const next = roomList[index];
      if (next) selectRoom(next.roomUuid);
    },
    [roomList, selectRoom],
  );

  const onClaim = (game: LobbyGame) => {
    if (!room) return;
    if (game.prizeLuckyFateSelections === 'pre-game') {
      void navigate(`/purchase/${room.roomUuid}/${game.gameUuid}`);
    } else {
      claim.mutate({ gameUuid: game.gameUuid, roomUuid: room.roomUuid });
    }
  };

  const followButton = useCallback(
    (card: { roomUuid: string; name: string }) => (
      <Suspense fallback={null}>
        <FollowRoomButton room={card} />
      </Suspense>
    ),
    [],
  );

  const loading = (
    <div className={styles.loading} role="status" aria-label="Loading rooms">
      <div className={styles.skeletonCard} />
      <div className={styles.skeletonRow} />
      <div className={styles.skeletonRow} />
    </div>
  );

  return (
    <div className={styles.lobby}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Tonight on Ruthless</p>
        <h1 className={styles.title}>Games Lobby</h1>
      </header>

      {rooms.isPending ? (
        loading
      ) : rooms.isError && roomList.length === 0 ? (
        <Panel className={styles.problem} role="alert">
          <p className={styles.problemTitle}>The studio lights are off</p>
          <p className={styles.problemText}>
            We could not load the rooms. Check your connection and try again.
          </p>
          <Button onClick={() => void rooms.refetch()}>Try again</Button>
        </Panel>
      ) : !room ? (
        <Panel className={styles.problem}>
          <p className={styles.problemTitle}>No Scheduled Games</p>
          <p className={styles.problemText}>No rooms are open yet. The host is setting up the studio.</p>
        </Panel>
      ) : (
        <Suspense fallback={loading}>
          {away && <BreakNotice away={away} />}
          <RoomCarousel
            rooms={roomList}
            selectedIndex={selectedIndex}
            onSelect={onSelect}
            cardAction={followButton}
          />
          <GameList
            room={room}
            heldGameUuids={heldGameUuids}
            claimingGameUuid={claim.isPending ? (claim.variables?.gameUuid ?? null) : null}
            onClaim={onClaim}
            onBreak={away !== null}
          />
        </Suspense>
      )}
    </div>
  );
}
