import { io as connectSocket, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type {
  ClientToServerEvents,
  GameSnapshot,
  JoinGameResult,
  LiveGameMessage,
  ServerToClientEvents,
} from '@ruthless/protocol';
import { reconnectPromptlyWhenServerMoves } from '@ruthless/protocol/reconnection';
import { Browser, identityToken, registeredPlayer } from './http';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A viewer of one game that records every event it is sent, as the app does (dedupe by seq). */
export class Viewer {
  readonly messages: LiveGameMessage[] = [];
  snapshot: GameSnapshot | undefined;
  /** Live events that came while a join was on its way, applied after its missed events. */
  private held: LiveGameMessage[] | undefined;
  /** The pending waitFor calls, each woken by every message received. */
  private readonly waiting = new Set<() => void>();
  /** Each lost connection: when, when it was back, and whether Socket.IO recovered it. */
  readonly drops: { lostAt: number; backAt?: number; recovered?: boolean }[] = [];
  /** Joins asked because an event came after a hole in the numbering. */
  gapsFilled = 0;
  private gameUuid: string | undefined;
  private joining: Promise<JoinGameResult> | undefined;
  private constructor(readonly socket: GameSocket) {}

  static async join(
    base: string,
    token: string | null,
    gameUuid: string,
    /** More socket options (the cluster tests pick each viewer's local address). */
    options: Partial<ManagerOptions & SocketOptions> = {},
  ): Promise<Viewer> {
    const socket: GameSocket = connectSocket(base, {
      transports: ['websocket'],
      auth: token ? { token } : { preview: true },
      ...options,
    });
    const viewer = new Viewer(socket);
    // As the app does (lib/socket.ts).
    reconnectPromptlyWhenServerMoves(socket);
    socket.on('game:event', (message) => (viewer.held ? viewer.held.push(message) : viewer.receive(message)));
    await viewer.rejoin(gameUuid);
    // After a lost connection (or a server restart) the app rejoins from the last seq it showed,
    // unless Socket.IO recovered the session: its rooms are kept and what it missed is replayed.
    socket.on('disconnect', () => viewer.drops.push({ lostAt: Date.now() }));
    socket.on('connect', () => {
      const drop = viewer.drops.at(-1);
      if (drop) Object.assign(drop, { backAt: Date.now(), recovered: socket.recovered });
      if (!socket.recovered) viewer.rejoin(gameUuid).catch(() => {});
    });
    return viewer;
  }

  get lastSeq(): number | null {
    return this.messages.at(-1)?.seq ?? this.snapshot?.seq ?? null;
  }

  get balls(): number[] {
    return this.messages.flatMap((message) =>
      message.event.type === 'ball-called' ? [message.event.ball] : [],
    );
  }

  /** Joins (again) with the last seq seen and takes in what was missed (one join at a time). */
  rejoin(gameUuid: string): Promise<JoinGameResult> {
    this.gameUuid = gameUuid;
    this.joining ??= this.join(gameUuid);
    return this.joining;
  }

  private async join(gameUuid: string): Promise<JoinGameResult> {
    // The server puts the socket in the game's room before it reads the missed events, so a
    // live event can arrive before the answer: held until the missed ones are in, as the app's
    // live feed does (apps/web/src/lib/live-game/live-feed.ts), else they would look seen.
    this.held = [];
    try {
      const result = await this.socket
        .timeout(10_000)
        .emitWithAck('game:join', { gameUuid, lastSeq: this.lastSeq });
      if (!result.ok) throw new Error(result.message);
      this.snapshot ??= result.snapshot;
      for (const message of result.missed) this.receive(message);
      return result;
    } finally {
      const held = this.held;
      this.held = undefined;
      this.joining = undefined;
      for (const message of held) this.receive(message);
    }
  }

  private receive(message: LiveGameMessage): void {
    const last = this.lastSeq ?? 0;
    if (this.gameUuid && this.lastSeq !== null && message.seq > last + 1) {
      // A hole in the numbering (a recovered session can miss a broadcast that came between its
      // replay and its return to the game's room): ask again from the last seq, as the app does.
      this.gapsFilled += 1;
      this.rejoin(this.gameUuid).catch(() => {});
      return;
    }
    if (message.seq > last) {
      this.messages.push(message);
      for (const wake of [...this.waiting]) wake();
    }
  }

  /** The first message that matches, as soon as it is received (already received: at once). */
  waitFor(predicate: (message: LiveGameMessage) => boolean, timeoutMs = 30_000): Promise<LiveGameMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.find(predicate);
        if (!found) return;
        done();
        resolve(found);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out; last event ${this.messages.at(-1)?.event.type}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(check);
      };
      this.waiting.add(check);
      check();
    });
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** The newest reset code in the dev mailbox of the server at `base`. */
export async function codeFromDevMailbox(base: string): Promise<string | undefined> {
  const mailbox = await (await fetch(`${base}/dev/mailbox`)).text();
  return /oobCode=([\w-]+)/.exec(mailbox)?.[1];
}

/**
 * A host whose address is proven the way a real one proves it: by a password reset through the
 * mail (an address in ADMIN_EMAILS alone does not make a host). The code is read from the dev
 * mailbox unless `newestCode` reads it elsewhere (behind a proxy there is no dev mailbox).
 */
export async function provenHost(
  base: string,
  email: string,
  newestCode: () => Promise<string | undefined> = () => codeFromDevMailbox(base),
): Promise<{ browser: Browser; token: string }> {
  const player = await registeredPlayer(base, email);
  const request = await player.browser.post('/api/auth/request-password-reset', { email });
  if (request.status !== 200) throw new Error(`reset request failed: ${request.status}`);
  // The mail goes out after the reply: give it a moment to arrive.
  let code: string | undefined;
  for (let attempt = 0; attempt < 50 && !code; attempt++) {
    code = await newestCode();
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!code) throw new Error(`no reset mail to ${email}`);
  const reset = await player.browser.post('/api/auth/reset-password', {
    newPassword: 'host-pass-22',
    token: code,
  });
  if (reset.status !== 200) throw new Error(`reset failed: ${reset.status} ${await reset.text()}`);
  const browser = new Browser(base);
  const signIn = await browser.post('/api/auth/sign-in/email', { email, password: 'host-pass-22' });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
  return { browser, token: await identityToken(browser) };
}

/** Sets the mandatory details so the player has a chat name and a default choice. */
export async function withDetails(base: string, token: string, alias: string, choice: 'share' | 'steal') {
  const response = await fetch(`${base}/api/operator/user/details`, {
    method: 'PUT',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({
      ruthlessChoice: choice,
      alias,
      phoneNumber: '07911 123456',
      dobDay: 1,
      dobMonth: 2,
      dobYear: 1990,
      marketingAccepted: false,
    }),
  });
  if (response.status !== 200) throw new Error(`details failed: ${response.status} ${await response.text()}`);
}

export async function api(base: string, method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
