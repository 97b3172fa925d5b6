import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getRoomsQueryOptions } from '@/api/get-rooms';
import { useClientStore } from '@/stores/client-store';

/**
 * Dresses the screen in the game's room colours (GREEN, RED, GOLD), as the lobby does, and puts
 * the default back on leaving. The rooms come from the lobby's cache (fetched once on a direct
 * link, never polled from here: the show has thousands of viewers).
 */
export function useRoomTheme(roomUuid: string | null): void {
  const rooms = useQuery({ ...getRoomsQueryOptions(), refetchInterval: false, staleTime: Infinity });
  const theme = rooms.data?.find((room) => room.roomUuid === roomUuid)?.theme ?? 'DEFAULT';
  const setTheme = useClientStore((state) => state.setBackgroundTheme);
  useEffect(() => {
    setTheme(theme);
  }, [theme, setTheme]);
  useEffect(() => () => setTheme('DEFAULT'), [setTheme]);
}
