import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { GameResults, ShareSummary, Theme } from '@ruthless/protocol';
import type { RoomImages } from '../host/room-images';
import type { LiveGames } from '../live/live-games.service';
import type { RoomsRepository } from '../rooms/rooms.repository';
import { drawCardPng, type CardFonts } from './card-fonts';
import {
  money,
  OUTCOME_HEADLINE,
  shareCardSvg,
  type CardArt,
  type CardRow,
  type ShareCard,
} from './share-card';

interface Shared {
  summary: ShareSummary;
  card: ShareCard;
  art: CardArt | null;
}

/**
 * How long what a show shares is kept before the results are read again. An ended show's results
 * change only when an account is deleted (its name becomes 'Deleted player'): the card shows that
 * within this time, under a new version, so its address changes too.
 */
export const SHARE_RECHECK_MS = 10 * 60_000;

const ART_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
const ARTWORK = /^\/rooms\/([\w-]+)\.(svg|png|jpe?g|webp)$/;
const UPLOAD = /^\/room-images\/([0-9a-f]{64}\.(?:png|jpg|webp))$/;

/**
 * Results worth sharing (docs/player-app.md, "Results worth sharing"): an ended show's link
 * preview and its card, a PNG drawn once per version of what it shows. Built from the published
 * results (`LiveGames.results`) and the room; nothing else is read.
 */
export class ShareCards {
  /** What each recently asked show shares, re-read after SHARE_RECHECK_MS. */
  private readonly shared = new LRUCache<string, Promise<Shared | 'not-found'>>({
    max: 1000,
    ttl: SHARE_RECHECK_MS,
  });
  /** The PNGs by version (about 0.5 MB each, 25 MB at most): a busy evening's shows, drawn once. */
  private readonly pngs = new LRUCache<string, Promise<Buffer>>({ max: 50 });
  /** How many cards this process drew (the tests read it). */
  rendered = 0;

  constructor(
    private readonly live: Pick<LiveGames, 'results'>,
    private readonly rooms: Pick<RoomsRepository, 'findById'>,
    private readonly roomImages: Pick<RoomImages, 'read'>,
    private readonly fonts: CardFonts,
    private readonly options: { publicUrl: string; webDist: string },
  ) {}

  /** The show's summary, or 'not-found' for a game that does not exist or has not ended. */
  async summary(gameId: string): Promise<ShareSummary | 'not-found'> {
    const shared = await this.read(gameId);
    return shared === 'not-found' ? shared : shared.summary;
  }

  /** The card's SVG, before rasterising (what the tests read the text of). */
  async svg(gameId: string): Promise<string | 'not-found'> {
    const shared = await this.read(gameId);
    return shared === 'not-found' ? shared : shareCardSvg(shared.card, shared.art);
  }

  /** The card as a PNG with its version, drawn once per version (concurrent asks share one drawing). */
  async png(gameId: string): Promise<{ png: Buffer; version: string } | 'not-found'> {
    const shared = await this.read(gameId);
    if (shared === 'not-found') return shared;
    const { version } = shared.summary;
    let png = this.pngs.get(version);
    if (!png) {
      png = this.draw(shared);
      this.pngs.set(version, png);
      // A failed drawing is not kept: the next ask tries again.
      png.catch(() => this.pngs.delete(version));
    }
    return { png: await png, version };
  }

  private read(gameId: string): Promise<Shared | 'not-found'> {
    let shared = this.shared.get(gameId);
    if (!shared) {
      shared = this.build(gameId);
      this.shared.set(gameId, shared);
      // Only an ended show is kept: one that ends in a minute must not stay 'not-found'.
      shared.then(
        (value) => value === 'not-found' && this.shared.delete(gameId),
        () => this.shared.delete(gameId),
      );
    }
    return shared;
  }

  private async build(gameId: string): Promise<Shared | 'not-found'> {
    const results = await this.live.results(gameId);
    if (typeof results === 'string') return 'not-found';
    const room = await this.rooms.findById(results.roomUuid);
    if (!room) return 'not-found';
    const card: ShareCard = {
      roomName: room.name,
      theme: room.theme as Theme,
      potPence: results.potPence,
      outcome: results.outcome,
      rows: cardRows(results),
    };
    const art = await this.art(room.image);
    const version = createHash('sha256')
      .update(JSON.stringify({ card, image: room.image }))
      .digest('hex')
      .slice(0, 16);
    const headline = OUTCOME_HEADLINE[card.outcome];
    const { publicUrl } = this.options;
    const summary: ShareSummary = {
      gameUuid: results.gameUuid,
      roomName: room.name,
      roomTheme: card.theme,
      title: `${room.name}: ${headline}`,
      description: describe(card),
      pageUrl: `${publicUrl}/game/${results.gameUuid}/results`,
      imageUrl: `${publicUrl}/api/games/${results.gameUuid}/share-card.png?v=${version}`,
      imageAlt: `The results of ${room.name}: the pot ${money(card.potPence)}. ${headline}`,
      version,
    };
    return { summary, card, art };
  }

  /** The room's art: our own artwork (its SVG when there is one) or an upload; never an address fetched. */
  private async art(image: string): Promise<CardArt | null> {
    const artwork = ARTWORK.exec(image);
    if (artwork) {
      const folder = path.join(this.options.webDist, 'rooms');
      for (const extension of ['svg', artwork[2]!]) {
        try {
          const bytes = await readFile(path.join(folder, `${artwork[1]}.${extension}`));
          return { type: ART_TYPES[extension]!, bytes };
        } catch {
          // Not built here (a server without the web app): the next, or the theme's colours alone.
        }
      }
      return null;
    }
    const upload = UPLOAD.exec(image);
    if (upload) {
      const stored = await this.roomImages.read(upload[1]!);
      return stored ? { type: stored.type, bytes: stored.bytes } : null;
    }
    return null;
  }

  private async draw(shared: Shared): Promise<Buffer> {
    const png = await drawCardPng(shareCardSvg(shared.card, shared.art), this.fonts);
    this.rendered += 1;
    return png;
  }
}

/** The finalists with their revealed choices, then the other winners; most won first in each. */
function cardRows(results: GameResults): CardRow[] {
  const won = new Map(results.payouts.map((payout) => [payout.playerId, payout.pence]));
  const finalists = results.finalists
    .map((finalist) => ({
      name: finalist.name,
      pence: won.get(finalist.playerId) ?? 0,
      choice: finalist.choice,
    }))
    .sort((a, b) => b.pence - a.pence);
  const finalistIds = new Set(results.finalists.map((finalist) => finalist.playerId));
  const others = results.payouts
    .filter((payout) => payout.pence > 0 && !finalistIds.has(payout.playerId))
    .sort((a, b) => b.pence - a.pence)
    .map((payout) => ({ name: payout.name, pence: payout.pence, choice: null }));
  return [...finalists, ...others];
}

/** The preview's sentence: the pot, the final's choices, then who won what. */
function describe(card: ShareCard): string {
  const choices = card.rows
    .filter((row) => row.choice !== null)
    .map((row) => `${row.name} ${row.choice === 'steal' ? 'stole' : 'shared'}`);
  const winners = card.rows.filter((row) => row.pence > 0).map((row) => `${row.name} ${money(row.pence)}`);
  return [
    `The pot: ${money(card.potPence)}.`,
    choices.length > 0 ? `${choices.join(', ')}.` : '',
    winners.length > 0 ? `Won: ${winners.join(', ')}.` : 'Nobody won the pot.',
    'Free test event: no money moves.',
  ]
    .filter(Boolean)
    .join(' ');
}
