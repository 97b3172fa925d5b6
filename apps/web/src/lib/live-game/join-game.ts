import type { JoinGameResult } from '@ruthless/protocol';
import type { AppSocket } from '@/lib/socket';

const JOIN_TIMEOUT_MS = 10_000;

/** `game:join`: the current snapshot and the events missed since `lastSeq` (null on first join). */
export async function joinGame(
  socket: AppSocket,
  gameUuid: string,
  lastSeq: number | null,
): Promise<JoinGameResult> {
  try {
    return await socket.timeout(JOIN_TIMEOUT_MS).emitWithAck('game:join', { gameUuid, lastSeq });
  } catch {
    return { ok: false, message: 'timeout' };
  }
}

/** Stop receiving a game's events. */
export function leaveGame(socket: AppSocket, gameUuid: string): void {
  if (socket.connected) socket.emit('game:leave', { gameUuid });
}

/**
 * Server time minus local time, from one round trip (`ping`), with the trip's length so the
 * caller can keep the tightest sample.
 */
export async function measureClock(socket: AppSocket): Promise<{ offsetMs: number; rttMs: number } | null> {
  const sentAt = Date.now();
  try {
    const serverTime = await socket.timeout(5_000).emitWithAck('ping');
    const receivedAt = Date.now();
    return { offsetMs: serverTime - (sentAt + receivedAt) / 2, rttMs: receivedAt - sentAt };
  } catch {
    return null;
  }
}
