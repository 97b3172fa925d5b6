import { create } from 'zustand';
import type { ChatMessage } from '@ruthless/protocol';

/** Messages kept on screen; older ones scroll away for good. */
const KEEP = 200;

export interface ChatState {
  gameUuid: string | null;
  /** In seq order, each once. */
  messages: ChatMessage[];
  isOpen: boolean;
  /** Messages from others that arrived while the chat was closed. */
  unread: number;
  /** Ids a host deleted in this game: a copy arriving late (a batch, a replay) stays hidden. */
  deletedIds: ReadonlySet<string>;

  reset: (gameUuid: string) => void;
  /**
   * Takes in messages from a push or a join's snapshot; seqs already shown are dropped, so a
   * reconnecting phone shows each message once. `history` (the first snapshot) is not unread.
   */
  receive: (
    gameUuid: string,
    messages: ChatMessage[],
    options: { me: string | null; history: boolean },
  ) => void;
  remove: (gameUuid: string, messageUuids: string[]) => void;
  /** A player's new name on their messages already shown (a rename, a host's reset). */
  rename: (gameUuid: string, playerUuid: string, alias: string) => void;
  setOpen: (open: boolean) => void;
  toggle: () => void;
}

export const useChatStore = create<ChatState>()((set) => ({
  gameUuid: null,
  messages: [],
  isOpen: false,
  unread: 0,

  deletedIds: new Set(),

  reset: (gameUuid) => set({ gameUuid, messages: [], isOpen: false, unread: 0, deletedIds: new Set() }),
  receive: (gameUuid, incoming, { me, history }) =>
    set((state) => {
      if (state.gameUuid !== gameUuid) return state;
      const known = new Set(state.messages.map((message) => message.seq));
      const fresh = incoming.filter(
        (message) => !known.has(message.seq) && !state.deletedIds.has(message.messageUuid),
      );
      if (fresh.length === 0) return state;
      const messages = [...state.messages, ...fresh].sort((a, b) => a.seq - b.seq).slice(-KEEP);
      const counted =
        history || state.isOpen ? 0 : fresh.filter((message) => message.playerUuid !== me).length;
      return { messages, unread: state.unread + counted };
    }),
  remove: (gameUuid, messageUuids) =>
    set((state) => {
      if (state.gameUuid !== gameUuid) return state;
      const deletedIds = new Set([...state.deletedIds, ...messageUuids]);
      return {
        messages: state.messages.filter((message) => !deletedIds.has(message.messageUuid)),
        deletedIds,
      };
    }),
  rename: (gameUuid, playerUuid, alias) =>
    set((state) => {
      if (state.gameUuid !== gameUuid) return state;
      return {
        messages: state.messages.map((message) =>
          message.playerUuid === playerUuid && !message.fromHost ? { ...message, alias } : message,
        ),
      };
    }),
  setOpen: (isOpen) => set((state) => ({ isOpen, unread: isOpen ? 0 : state.unread })),
  toggle: () => set((state) => ({ isOpen: !state.isOpen, unread: state.isOpen ? state.unread : 0 })),
}));
