import {
  ErrorCode,
  ReminderErrorCode,
  ReminderMessage,
  SHOW_REMINDER_MINUTES,
  type ShowReminder,
} from '@ruthless/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { ConflictError, InvalidError, NotFoundError } from '../errors';
import { PeriodicSweep } from '../periodic-sweep';
import type { Mail } from '../mail/mailer';
import { showReminderMail, type UnsubscribeTokens } from './reminder-mails';
import type { RemindersRepository } from './reminders.repository';

export const REMINDER_WINDOW_MS = SHOW_REMINDER_MINUTES * 60_000;
/** How often each process looks for reminders due (a mail goes within this of its time). */
export const REMINDER_SWEEP_MS = 15_000;
/** Sends claimed per sweep: a big night's mails go over a few sweeps, not in one burst. */
const SENDS_PER_SWEEP = 200;

/**
 * Email reminders (docs/player-app.md, "Email reminders"): 'Remind Me' asks for one, the
 * profile's setting asks for every show claimed; each process sweeps every REMINDER_SWEEP_MS
 * and sends what it claimed in the database, so a mail goes once however many processes run
 * (at most once: a process that dies between the claim and the send loses that one mail).
 * A show the host cancelled gets a cancellation instead.
 */
export class RemindersService {
  private readonly sweeps = new PeriodicSweep(
    () => this.sweep(),
    (error) => this.log.error({ err: error }, 'show reminder sweep failed'),
  );

  constructor(
    private readonly repository: RemindersRepository,
    private readonly sendMail: (mail: Mail) => Promise<void>,
    private readonly tokens: () => Promise<UnsubscribeTokens>,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async ask(playerId: string, gameId: string): Promise<ShowReminder> {
    const game = await this.repository.game(gameId);
    if (!game) throw new NotFoundError(ErrorCode.notFound, ReminderMessage.notFound, 'gameUuid');
    if (!['scheduled', 'green-room'].includes(game.stage) || game.startTime <= this.clock()) {
      throw new ConflictError(ReminderErrorCode.showStarted, ReminderMessage.showStarted, 'gameUuid');
    }
    await this.repository.ask(playerId, gameId);
    return {
      gameUuid: gameId,
      remindAt: new Date(game.startTime.getTime() - REMINDER_WINDOW_MS).toISOString(),
    };
  }

  async unsubscribe(token: string): Promise<void> {
    const userId = (await this.tokens()).verify(token);
    if (!userId)
      throw new InvalidError(
        ReminderErrorCode.badUnsubscribeToken,
        ReminderMessage.badUnsubscribeToken,
        'token',
      );
    await this.repository.unsubscribe(userId);
  }

  /** Sends what is due now; the number of mails sent. */
  async sweep(): Promise<number> {
    const now = this.clock();
    await this.repository.addEveryShowReminders(now, REMINDER_WINDOW_MS);
    const claimed = await this.repository.claimDue(now, REMINDER_WINDOW_MS, SENDS_PER_SWEEP);
    if (claimed.length === 0) return 0;
    const tokens = await this.tokens();
    let sent = 0;
    for (const reminder of claimed) {
      try {
        await this.sendMail(
          showReminderMail({
            to: reminder.email,
            kind: reminder.kind,
            roomName: reminder.roomName,
            startTime: reminder.startTime,
            now,
            publicUrl: this.publicUrl,
            unsubscribeToken: tokens.sign(reminder.userId),
          }),
        );
        sent += 1;
      } catch (error) {
        this.log.error({ err: error, gameId: reminder.gameId }, 'show reminder mail failed');
        await this.repository.release(reminder).catch(() => {});
      }
    }
    return sent;
  }

  start(intervalMs = REMINDER_SWEEP_MS): void {
    this.sweeps.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.sweeps.stop();
  }
}
