import fp from 'fastify-plugin';
import type { AppPluginOptions } from '../../app';
import { ShareCards } from '../../share/share-cards.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ended shows' link previews and share cards (share/share-cards.service.ts). */
    shareCards: ShareCards;
  }
}

export default fp<AppPluginOptions>(
  async (app, options) => {
    // The fonts are the accounts' (auth/accounts.ts), which invites draw their cards with too.
    app.decorate(
      'shareCards',
      new ShareCards(app.live, app.repositories.rooms, app.roomImages, app.accounts.cardFonts, {
        publicUrl: app.config.publicUrl,
        webDist: options.webDist!,
      }),
    );
  },
  { name: 'share-cards', dependencies: ['live', 'repositories', 'room-images', 'config', 'accounts'] },
);
