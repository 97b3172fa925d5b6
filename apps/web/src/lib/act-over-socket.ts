import type { ActResult, ClientToServerEvents } from '@ruthless/protocol';
import type { AppSocket } from '@/lib/socket';

/** How long an act waits for the socket's answer before it goes over REST instead. */
export const ACT_TIMEOUT_MS = 5_000;

/** The realtime events a player acts with: a request, and an `ActResult` as the answer. */
export type ActEvent = {
  [E in keyof ClientToServerEvents]: ClientToServerEvents[E] extends (
    request: never,
    ack: (result: ActResult) => void,
  ) => void
    ? E
    : never;
}[keyof ClientToServerEvents];

export type ActRequest<E extends ActEvent> = Parameters<ClientToServerEvents[E]>[0];

export interface Act<E extends ActEvent> {
  socket: Pick<AppSocket, 'connected' | 'timeout'>;
  event: E;
  request: ActRequest<E>;
  /** The same act over REST, for when the socket is down or does not answer in time. */
  overRest: () => Promise<unknown>;
  timeoutMs?: number;
}

/**
 * One act of a player (a SHARE/STEAL choice, a lucky-fate pick): over the socket with an
 * acknowledgement when it is up, else, or when no answer comes in time, over its REST mirror.
 * A refusal over the socket is final (its message thrown); the server takes the same act twice
 * as one, so going over REST after a lost answer is safe.
 */
export async function actOverSocketOrRest<E extends ActEvent>({
  socket,
  event,
  request,
  overRest,
  timeoutMs = ACT_TIMEOUT_MS,
}: Act<E>): Promise<void> {
  if (socket.connected) {
    let result: ActResult | undefined;
    try {
      // The event map's overloads can't be narrowed by a generic event name: the ack is ActResult by ActEvent.
      const timed = socket.timeout(timeoutMs);
      const emitWithAck = timed.emitWithAck as (event: E, request: ActRequest<E>) => Promise<ActResult>;
      result = await emitWithAck.call(timed, event, request);
    } catch {
      // No answer in time: fall through to the REST mirror.
    }
    if (result?.ok) return;
    if (result && !result.ok) throw new Error(result.message);
  }
  await overRest();
}
