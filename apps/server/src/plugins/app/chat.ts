import fp from 'fastify-plugin';
import type { AppPluginOptions } from '../../app';
import { ChatFeed } from '../../chat/chat-feed';
import { chatRooms } from '../../chat/chat-rooms';
import { ChatService } from '../../chat/chat.service';
import { gameRoom } from '../../live/live.handlers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Chat during a live show and its moderation (chat/chat.service.ts). */
    chat: ChatService;
  }
}

export default fp<AppPluginOptions>(
  async (app, options) => {
    const { io } = app.realtime;
    const chatFeed = new ChatFeed(
      // A batch goes out one chat room (a slice of the viewers) per event-loop turn.
      (gameId, messages) => {
        const payload = { gameUuid: gameId, messages };
        const rooms = chatRooms(gameId);
        const sendNext = () => {
          io.to(rooms.shift()!).emit('chat:messages', payload);
          if (rooms.length) setImmediate(sendNext);
        };
        sendNext();
      },
      // The game's viewers on this process: its own sends are what a batch costs it.
      (gameId) => io.sockets.adapter.rooms.get(gameRoom(gameId))?.size ?? 0,
    );
    // A message deleted while it waits in a batch must never go out: every process drops it from
    // its own batch (another process's batch hears of it through the adapter, when clustered).
    const DROP_EVENT = 'chat:drop';
    io.on(DROP_EVENT, (gameId: string, messageUuids: string[]) => chatFeed.drop(gameId, messageUuids));
    const dropEverywhere = (gameId: string, messageUuids: string[]) => {
      chatFeed.drop(gameId, messageUuids);
      if (app.realtime.redis) io.serverSideEmit(DROP_EVENT, gameId, messageUuids);
    };
    app.decorate(
      'chat',
      new ChatService(
        app.repositories.chat,
        chatFeed,
        (gameId, messageUuids) => {
          dropEverywhere(gameId, messageUuids);
          io.to(gameRoom(gameId)).emit('chat:deleted', { gameUuid: gameId, messageUuids });
        },
        app.accounts.rateLimitStore,
        options.chatLimit,
      ),
    );
    app.addHook('preClose', async () => chatFeed.stop());
  },
  { name: 'chat', dependencies: ['repositories', 'realtime', 'accounts'] },
);
