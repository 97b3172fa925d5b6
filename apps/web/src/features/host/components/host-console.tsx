import { Link, Navigate, Route, Routes, useMatch } from 'react-router';
import { LinkButton } from '@/components/ui/button';
import { DeskTheme } from '@/components/ui/desk';
import { useHostRooms } from '../api/get-host-rooms';
import { useServerNow } from '@/hooks/use-server-now';
import { formatClock, hostTimeZone } from '../utils/time';
import { RoomAnalyticsScreen } from './analytics/room-analytics-screen';
import { ShowAnalyticsScreen } from './analytics/show-analytics-screen';
import { LiveScreen } from './live-screen';
import { PlayersAway } from './players-away';
import { RoomGamesScreen } from './room-games-screen';
import { RoomsScreen } from './rooms-screen';
import styles from './host-console.module.css';

function TopBar() {
  const now = useServerNow(1000);
  const roomMatch = useMatch('/host/rooms/:roomUuid');
  const gameMatch = useMatch('/host/games/:gameUuid');
  const analyticsMatch = useMatch('/host/:kind/:uuid/analytics');
  const rooms = useHostRooms();
  const room = rooms.data?.find((candidate) => candidate.roomUuid === roomMatch?.params.roomUuid);
  return (
    <header className={styles.topBar}>
      <Link to="/host" className={styles.brand}>
        Ruthless <small>Control room</small>
      </Link>
      <nav className={styles.crumbs} aria-label="Console">
        <Link to="/host">Rooms</Link>
        {room && (
          <>
            <span aria-hidden="true">›</span>
            <span>{room.name}</span>
          </>
        )}
        {gameMatch && (
          <>
            <span aria-hidden="true">›</span>
            <span>Live game</span>
          </>
        )}
        {analyticsMatch && (
          <>
            <span aria-hidden="true">›</span>
            <span>Analytics</span>
          </>
        )}
      </nav>
      <span className={styles.spacer} />
      <PlayersAway />
      <LinkButton to="/" variant="glass" size="sm">
        Player app
      </LinkButton>
      <div className={styles.clock} aria-label="Time now">
        {formatClock(now)}
        <small>{hostTimeZone()}</small>
      </div>
    </header>
  );
}

/**
 * The host console (/host): rooms, their games, and one game live, built from components/ui in
 * its desk theme. Loaded on demand by the host route, which lets only the host role in (the API
 * refuses everyone else anyway).
 */
export function HostConsole() {
  return (
    <DeskTheme>
      <div className={styles.console}>
        <TopBar />
        <main className={styles.main}>
          <Routes>
            <Route index element={<RoomsScreen />} />
            <Route path="rooms/:roomUuid" element={<RoomGamesScreen />} />
            <Route path="rooms/:roomUuid/analytics" element={<RoomAnalyticsScreen />} />
            <Route path="games/:gameUuid" element={<LiveScreen />} />
            <Route path="games/:gameUuid/analytics" element={<ShowAnalyticsScreen />} />
            <Route path="*" element={<Navigate to="/host" replace />} />
          </Routes>
        </main>
      </div>
    </DeskTheme>
  );
}
