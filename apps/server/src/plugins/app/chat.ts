import fp from 'fastify-plugin';
import type { AppPluginOptions } from '../../app';
import { ChatService } from '../../chat/chat.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Chat during a live show and its moderation (chat/chat.service.ts). */
    chat: ChatService;
  }
}

export default fp<AppPluginOptions>(
  async (app, options) => {
    const chat = new ChatService(
      app.repositories.chat,
      app.realtime.phones,
      app.accounts.rateLimitStore,
      options.chatLimit,
    );
    app.decorate('chat', chat);
    app.addHook('preClose', async () => chat.stop());
  },
  { name: 'chat', dependencies: ['repositories', 'realtime', 'accounts'] },
);
