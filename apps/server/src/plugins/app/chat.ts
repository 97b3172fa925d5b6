import fp from 'fastify-plugin';
import type { AppPluginOptions } from '../../app';
import { ChatFeed } from '../../chat/chat-feed';
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
    // The batches of the games this process runs, for the whole show (docs/chat.md, Delivery).
    const feed = new ChatFeed(
      app.repositories.chat,
      (gameId, messages) => app.realtime.phones.chatMessages(gameId, messages),
      app.runner.runnerId,
      (err, gameId) => app.log.error({ err, gameId }, 'chat batch failed'),
    );
    app.runner.follow(feed);
    // After the runner's own hook (this plugin depends on it), which lets go of every game.
    app.addHook('preClose', async () => feed.stop());
  },
  { name: 'chat', dependencies: ['repositories', 'realtime', 'accounts', 'game-runner'] },
);
