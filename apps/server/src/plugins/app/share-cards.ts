import fp from 'fastify-plugin';
import type { AppPluginOptions } from '../../app';
import { CardFonts } from '../../share/card-fonts';
import { ShareCards } from '../../share/share-cards.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ended shows' link previews and share cards (share/share-cards.service.ts). */
    shareCards: ShareCards;
  }
}

export default fp<AppPluginOptions>(
  async (app, options) => {
    const fonts = new CardFonts();
    app.decorate(
      'shareCards',
      new ShareCards(app.live, app.repositories.rooms, app.roomImages, fonts, {
        publicUrl: app.config.publicUrl,
        webDist: options.webDist!,
      }),
    );
    app.addHook('onClose', () => fonts.close());
  },
  { name: 'share-cards', dependencies: ['live', 'repositories', 'room-images', 'config'] },
);
