import type { GameMetadata } from '@ruthless/protocol';
import { describe, expect, it } from 'vitest';
import type { GameRow, GamesRepository } from '../../src/games/games.repository';
import { MetadataPublisher } from '../../src/lobby/metadata-publisher';

// The publisher's order (lobby/metadata-publisher.ts): a phone's ticket counts come in the order
// they were read, so the last it gets is the newest. The database is stood in for by reads that
// answer when the test says, to put a slow read before a fast one.

/** Reads of one game's row, each answered by the test with the count it then has. */
function heldReads() {
  const waiting: ((ticketsAvailable: number) => void)[] = [];
  const games = {
    findMany: () =>
      new Promise<GameRow[]>((resolve) =>
        waiting.push((ticketsAvailable) =>
          resolve([{ id: 'game', roomId: 'room', maxTickets: 90, ticketsAvailable } as GameRow]),
        ),
      ),
  } as unknown as GamesRepository;
  return { games, answer: (ticketsAvailable: number) => waiting.shift()!(ticketsAvailable), waiting };
}

function publisherWith(games: GamesRepository) {
  const sent: GameMetadata[] = [];
  const told: string[][] = [];
  const publisher = new MetadataPublisher(
    games,
    { metadata: (metadata) => sent.push(metadata), tellPeersMetadataChanged: (ids) => told.push(ids) },
    (error) => {
      throw error;
    },
  );
  return { publisher, sent, told };
}

describe('live ticket counts', () => {
  it('are read one after another, so a slow read cannot send an older count after a newer one', async () => {
    const reads = heldReads();
    const { publisher, sent } = publisherWith(reads.games);
    publisher.touch('game');
    const first = publisher.flush();
    publisher.touch('game');
    const second = publisher.flush();
    await expect.poll(() => reads.waiting.length).toBe(1);
    // The second read waits for the first to be sent: a turn later, still only one is asked for.
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads.waiting).toHaveLength(1);
    reads.answer(80);
    await first;
    await expect.poll(() => reads.waiting.length).toBe(1);
    reads.answer(60);
    await second;
    expect(sent.map((metadata) => metadata.ticketsAvailable)).toEqual([80, 60]);
  });

  it("tell the other processes of this process's changes once a window, never echoing theirs", async () => {
    const reads = heldReads();
    const { publisher, sent, told } = publisherWith(reads.games);
    publisher.touch('game');
    publisher.touch('game');
    publisher.changedElsewhere(['other']);
    const flushed = publisher.flush();
    expect(told).toEqual([['game']]);
    await expect.poll(() => reads.waiting.length).toBe(1);
    reads.answer(70);
    await flushed;
    // A change told by another process is read and sent here, and not told back.
    publisher.changedElsewhere(['game']);
    const again = publisher.flush();
    await expect.poll(() => reads.waiting.length).toBe(1);
    reads.answer(69);
    await again;
    expect(told).toEqual([['game']]);
    expect(sent.map((metadata) => metadata.ticketsAvailable)).toEqual([70, 69]);
  });
});
