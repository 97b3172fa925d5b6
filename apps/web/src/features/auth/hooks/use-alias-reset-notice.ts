import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PlayerRenamedPayload } from '@ruthless/protocol';
import { socketToListen } from '@/lib/socket';
import { useSessionStore } from '@/stores/session-store';
import { userSettingsQueryKey } from '../api/get-user-settings';

/**
 * In a show: when the host resets this player's chat name (`player:renamed` with `aliasReset`),
 * the settings are fetched again, and the start-up gate asks for a new name over the show.
 */
export function useAliasResetNotice(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = socketToListen();
    const onRenamed = (payload: PlayerRenamedPayload) => {
      if (payload.aliasReset && payload.playerUuid === useSessionStore.getState().playerUuid) {
        void queryClient.invalidateQueries({ queryKey: userSettingsQueryKey });
      }
    };
    socket.on('player:renamed', onRenamed);
    return () => {
      socket.off('player:renamed', onRenamed);
    };
  }, [queryClient]);
}
