import { randomBytes } from 'node:crypto';
import { commitmentOf } from '@ruthless/game';
import {
  HostErrorCode,
  OPERATOR,
  SCHEDULE_MAX_DAYS,
  SCHEDULE_MAX_GAMES,
  type AuditEntry,
  type CreateGameBody,
  type HostRoom,
  type ScheduleBody,
  type HostGame,
  type Theme,
  type UpdateGameBody,
} from '@ruthless/protocol';
import { isUniqueViolation } from '../db/postgres-errors';
import type { GameRow, GamesRepository, NewGame } from '../games/games.repository';
import type { MetadataPublisher } from '../lobby/metadata-publisher';
import { ConflictError, InvalidError, NotFoundError, type DomainError } from '../errors';
import type { RoomRow, RoomsRepository } from '../rooms/rooms.repository';
import type { RoomsService } from '../rooms/rooms.service';
import type { LiveGames } from '../live/live-games.service';
import type { Phones } from '../realtime/phones';
import type { AuditRepository, AuditRow } from './audit.repository';
import type { RoomImages } from './room-images';
import { scheduleDays, scheduleStarts } from './schedule';

export function toHostGame(game: GameRow): HostGame {
  return {
    gameUuid: game.id,
    roomUuid: game.roomId,
    gameStartTime: game.startTime.toISOString(),
    state: game.stage,
    maxTickets: game.maxTickets,
    ticketsAvailable: game.ticketsAvailable,
    prizeLuckyFateSelections: game.luckyFateMode,
    prizes: { oneLine: game.prizeOneLine, twoLines: game.prizeTwoLines, fullHouse: game.prizeFullHouse },
    rolloverPence: game.rolloverPence,
    timings: game.timings,
    videoSource: game.videoSource,
    commitment: game.commitment,
  };
}

function toHostRoom(room: RoomRow): HostRoom {
  return {
    roomUuid: room.id,
    name: room.name,
    theme: room.theme as Theme,
    roomImage: room.image,
    archivedAt: room.archivedAt?.toISOString() ?? null,
    rolloverPence: room.rolloverPence,
  };
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    hostUuid: row.userId,
    hostEmail: row.userEmail,
    action: row.action,
    roomUuid: row.roomId,
    gameUuid: row.gameId,
    targetId: row.targetId,
    statusCode: row.statusCode,
    roomName: row.roomName,
    gameStartTime: row.gameStartTime?.toISOString() ?? null,
    targetAlias: row.targetAlias,
  };
}

/** How many games of a room the console lists. */
const GAMES_LISTED = 200;

function gameColumns(body: UpdateGameBody): Partial<NewGame> {
  const columns: Partial<NewGame> = {};
  if (body.gameStartTime !== undefined) columns.startTime = new Date(body.gameStartTime);
  if (body.maxTickets !== undefined) columns.maxTickets = body.maxTickets;
  if (body.prizeLuckyFateSelections !== undefined) columns.luckyFateMode = body.prizeLuckyFateSelections;
  if (body.prizes !== undefined) {
    columns.prizeOneLine = body.prizes.oneLine;
    columns.prizeTwoLines = body.prizes.twoLines;
    columns.prizeFullHouse = body.prizes.fullHouse;
  }
  if (body.timings !== undefined) columns.timings = body.timings as Record<string, number>;
  if (body.videoSource !== undefined) columns.videoSource = body.videoSource;
  return columns;
}

const roomNotFound = () =>
  new NotFoundError(HostErrorCode.roomNotFound, 'This room does not exist.', 'roomUuid');
const gameNotFound = () =>
  new NotFoundError(HostErrorCode.gameNotFound, 'This game does not exist.', 'gameUuid');
const nameTaken = () =>
  new ConflictError(HostErrorCode.roomNameTaken, 'A room with this name already exists.', 'name');

/** What hosts script: rooms, the games in them, changes before the start and cancellations. */
export class HostService {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly games: GamesRepository,
    private readonly live: LiveGames,
    private readonly lobby: RoomsService,
    private readonly metadata: MetadataPublisher,
    private readonly phones: Pick<Phones, 'gameCancelled'>,
    private readonly audit: AuditRepository,
    private readonly images: RoomImages,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async createRoom(body: { name: string; theme: Theme; roomImage: string }) {
    await this.images.check(body.roomImage);
    const room = await this.rooms.insert({
      operator: OPERATOR,
      name: body.name,
      theme: body.theme,
      image: body.roomImage,
    });
    if (!room) throw nameTaken();
    this.lobby.invalidate();
    return toHostRoom(room);
  }

  async updateRoom(roomId: string, body: { name?: string; theme?: Theme; roomImage?: string }) {
    if (body.roomImage !== undefined) await this.images.check(body.roomImage);
    let room;
    try {
      room = await this.rooms.update(roomId, { name: body.name, theme: body.theme, image: body.roomImage });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    if (!room) throw roomNotFound();
    this.lobby.invalidate();
    return toHostRoom(room);
  }

  async listRooms(): Promise<HostRoom[]> {
    return (await this.rooms.listByOperator(OPERATOR, true)).map(toHostRoom);
  }

  /** Archived: gone from the lobby, its games kept for the results; false brings it back. */
  async archiveRoom(roomId: string, archived: boolean): Promise<HostRoom> {
    const room = await this.rooms.update(roomId, { archivedAt: archived ? this.clock() : null });
    if (!room) throw roomNotFound();
    this.lobby.invalidate();
    return toHostRoom(room);
  }

  storeImage(bytes: Buffer): Promise<string> {
    return this.images.store(bytes);
  }

  async listGames(roomId: string): Promise<HostGame[]> {
    if (!(await this.rooms.findById(roomId))) throw roomNotFound();
    return (await this.games.listByRoom(roomId, GAMES_LISTED)).map(toHostGame);
  }

  async getGame(gameId: string): Promise<HostGame> {
    const game = await this.games.findById(gameId);
    if (!game) throw gameNotFound();
    return toHostGame(game);
  }

  /** A new game like this one (settings, prizes, timings, video) at another start, with its own seed. */
  async duplicateGame(gameId: string, gameStartTime: string): Promise<HostGame> {
    const game = await this.games.findById(gameId);
    if (!game) throw gameNotFound();
    const source = toHostGame(game);
    return this.createGame(game.roomId, {
      gameStartTime,
      maxTickets: source.maxTickets,
      prizeLuckyFateSelections: source.prizeLuckyFateSelections,
      prizes: source.prizes,
      timings: source.timings,
      videoSource: source.videoSource,
    });
  }

  /** Creates the games of a repeating schedule; slots already taken or past are skipped. */
  async schedule(roomId: string, body: ScheduleBody): Promise<{ games: HostGame[]; skipped: string[] }> {
    if (!(await this.rooms.findById(roomId))) throw roomNotFound();
    if (scheduleDays(body) > SCHEDULE_MAX_DAYS) {
      throw new InvalidError(
        HostErrorCode.scheduleTooLong,
        `A schedule can cover at most ${SCHEDULE_MAX_DAYS} days`,
        'toDate',
      );
    }
    const starts = scheduleStarts(body);
    if (starts.length > SCHEDULE_MAX_GAMES) {
      throw new InvalidError(
        HostErrorCode.scheduleTooMany,
        `This schedule makes ${starts.length} games; at most ${SCHEDULE_MAX_GAMES} at once`,
        'everyMinutes',
      );
    }
    const now = this.clock();
    const future = starts.filter((start) => start > now);
    if (future.length === 0) {
      throw new InvalidError(
        HostErrorCode.scheduleEmpty,
        'This schedule has no start time in the future',
        'fromDate',
      );
    }
    const created = await this.games.insertFree(
      future.map((startTime) => {
        const seedHex = randomBytes(32).toString('hex');
        return {
          ...gameColumns(body.game),
          roomId,
          startTime,
          maxTickets: body.game.maxTickets,
          ticketsAvailable: body.game.maxTickets,
          luckyFateMode: body.game.prizeLuckyFateSelections,
          prizeOneLine: body.game.prizes.oneLine,
          prizeTwoLines: body.game.prizes.twoLines,
          prizeFullHouse: body.game.prizes.fullHouse,
          seedHex,
          commitment: commitmentOf(seedHex),
        };
      }),
    );
    this.lobby.invalidate();
    const made = new Set(created.map((game) => game.startTime.getTime()));
    return {
      games: created.sort((a, b) => a.startTime.getTime() - b.startTime.getTime()).map(toHostGame),
      skipped: starts.filter((start) => !made.has(start.getTime())).map((start) => start.toISOString()),
    };
  }

  async listAudit(filter: { roomId?: string; gameId?: string; limit: number }): Promise<AuditEntry[]> {
    const rows = await this.audit.list(filter);
    return rows.map(toAuditEntry);
  }

  async createGame(roomId: string, body: CreateGameBody): Promise<HostGame> {
    if (!(await this.rooms.findById(roomId))) throw roomNotFound();
    const startTime = new Date(body.gameStartTime);
    if (startTime <= this.clock()) {
      throw new InvalidError(
        HostErrorCode.startInPast,
        'gameStartTime must be in the future',
        'gameStartTime',
      );
    }
    const seedHex = randomBytes(32).toString('hex');
    let game;
    try {
      game = await this.games.insert({
        ...gameColumns(body),
        roomId,
        startTime,
        maxTickets: body.maxTickets,
        ticketsAvailable: body.maxTickets,
        luckyFateMode: body.prizeLuckyFateSelections,
        prizeOneLine: body.prizes.oneLine,
        prizeTwoLines: body.prizes.twoLines,
        prizeFullHouse: body.prizes.fullHouse,
        seedHex,
        commitment: commitmentOf(seedHex),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.slotTaken();
      throw error;
    }
    this.lobby.invalidate();
    return toHostGame(game);
  }

  async updateGame(gameId: string, body: UpdateGameBody): Promise<HostGame> {
    const now = this.clock();
    if (body.gameStartTime !== undefined && new Date(body.gameStartTime) <= now) {
      throw new InvalidError(
        HostErrorCode.startInPast,
        'gameStartTime must be in the future',
        'gameStartTime',
      );
    }
    let game;
    try {
      game = await this.games.updateScheduled(gameId, gameColumns(body), now);
    } catch (error) {
      if (isUniqueViolation(error)) throw this.slotTaken();
      throw error;
    }
    if (!game) throw await this.whyNotChangeable(gameId, body);
    this.lobby.invalidate();
    this.metadata.touch(game.id);
    return toHostGame(game);
  }

  async cancelGame(gameId: string): Promise<HostGame> {
    if (!(await this.games.findById(gameId))) throw gameNotFound();
    // A cancellation is a game event: the engine refuses it once the reels have started.
    const result = await this.live.append(gameId, (_state, now) => ({ type: 'game-cancelled', at: now }));
    if (!result.ok) {
      throw new ConflictError(
        HostErrorCode.gameStarted,
        'This game has started and can no longer be cancelled.',
      );
    }
    const game = (await this.games.findById(gameId))!;
    this.lobby.invalidate();
    this.phones.gameCancelled({
      gameUuid: game.id,
      roomUuid: game.roomId,
      gameStartTime: game.startTime.toISOString(),
    });
    return toHostGame(game);
  }

  private slotTaken() {
    return new ConflictError(
      HostErrorCode.slotTaken,
      'This room already has a game at that time.',
      'gameStartTime',
    );
  }

  private async whyNotChangeable(gameId: string, body: UpdateGameBody): Promise<DomainError> {
    const game = await this.games.findById(gameId);
    if (!game) return gameNotFound();
    // Its players see its prizes and timings from the green room on, and the show runs on the
    // setup it had when the room opened: a change then would not reach the show.
    if (game.stage === 'green-room') {
      return new ConflictError(
        HostErrorCode.greenRoomOpen,
        'This game’s green room is open: it can no longer be changed.',
      );
    }
    if (game.stage !== 'scheduled' || game.startTime <= this.clock()) {
      return new ConflictError(
        HostErrorCode.gameStarted,
        'This game has started and can no longer be changed.',
      );
    }
    // One sub-pool: the tickets dealt; several deal strips of six in turn (docs/tickets.md).
    const lowest = await this.games.lowestMaxTickets(gameId);
    return new ConflictError(
      HostErrorCode.belowDealt,
      lowest === game.ticketsDealt
        ? `maxTickets cannot be below the ${game.ticketsDealt} tickets already claimed`
        : `maxTickets cannot be below ${lowest}: the ${game.ticketsDealt} tickets already claimed reach that far`,
      body.maxTickets !== undefined ? 'maxTickets' : undefined,
    );
  }
}
