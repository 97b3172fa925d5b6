import { useQuery } from '@tanstack/react-query';
import { format } from '@/lib/dates';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { getRoomsQueryOptions } from '@/api/get-rooms';
import { useRoomTheme } from '../hooks/use-room-theme';
import styles from './preview-start.module.css';

/** Preview mode's front door: which show, and nothing plays until the host asks for it. */
export function PreviewStart({ gameUuid, onStart }: { gameUuid: string; onStart: () => void }) {
  const rooms = useQuery({ ...getRoomsQueryOptions(), refetchInterval: false });
  const room = rooms.data?.find((candidate) => candidate.games.some((game) => game.gameUuid === gameUuid));
  const game = room?.games.find((candidate) => candidate.gameUuid === gameUuid);
  useRoomTheme(room?.roomUuid ?? null);
  return (
    <Panel tone="gold" className={styles.start}>
      <p className={styles.kicker}>Preview mode</p>
      <h1 className={styles.title}>{room ? room.name : 'Game screen preview'}</h1>
      {game && (
        <p className={styles.when}>
          <time dateTime={game.gameStartTime}>
            {format(new Date(game.gameStartTime), "EEEE d MMMM 'at' h:mma")}
          </time>
        </p>
      )}
      <p className={styles.text}>
        Watch {room ? 'this show' : 'the show'} as players see it: read-only, with the host video muted.
      </p>
      <Button size="lg" onClick={onStart}>
        Start preview
      </Button>
    </Panel>
  );
}
