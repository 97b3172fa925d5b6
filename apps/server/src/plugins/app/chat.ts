import fp from 'fastify-plugin';
import type { AppPluginOptions } from '../../app';
import { ChatFeed } from '../../chat/chat-feed';
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
    const chatFeed = new ChatFeed((gameId, messages) =>
      io.to(gameRoom(gameId)).emit('chat:messages', { gameUuid: gameId, messages }),
    );
    app.decorate(
      'chat',
      new ChatService(
        app.repositories.chat,
        chatFeed,
        (gameId, messageUuids) =>
          io.to(gameRoom(gameId)).emit('chat:deleted', { gameUuid: gameId, messageUuids }),
        app.accounts.rateLimitStore,
        options.chatLimit,
      ),
    );
    app.addHook('preClose', async () => chatFeed.stop());
  },
  { name: 'chat', dependencies: ['repositories', 'realtime', 'accounts'] },
);
