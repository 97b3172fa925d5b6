import {
  ErrorCode,
  type RealityCheck,
  type SafetySettings,
  type SafetySettingsBody,
} from '@ruthless/protocol';
import type { Player } from '../auth/identity';
import { NotFoundError } from '../errors';
import type { RealityCheckRepository } from './reality-check.repository';

const NO_PROFILE = 'Please complete your details first.';

/**
 * Reality checks (docs/player-app.md, "Reality checks"): the interval on the profile, and the
 * session's figures computed here from the sign-in time and the stored tickets and payouts, so
 * the app shows what the server knows rather than what it counted itself.
 */
export class RealityCheckService {
  constructor(
    private readonly repository: RealityCheckRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async settings(playerId: string): Promise<SafetySettings> {
    const settings = await this.repository.settings(playerId);
    if (!settings) throw new NotFoundError(ErrorCode.notFound, NO_PROFILE);
    return settings;
  }

  async updateSettings(playerId: string, change: SafetySettingsBody): Promise<SafetySettings> {
    if (!(await this.repository.updateSettings(playerId, change)))
      throw new NotFoundError(ErrorCode.notFound, NO_PROFILE);
    return this.settings(playerId);
  }

  async figures(player: Pick<Player, 'id' | 'sessionId' | 'issuedAt'>): Promise<RealityCheck> {
    const now = this.clock();
    const { realityCheckMinutes } = await this.settings(player.id);
    // The session's sign-in; a token from before sessions were carried counts from its issue.
    const started =
      (player.sessionId && (await this.repository.sessionStart(player.id, player.sessionId))) ||
      new Date(player.issuedAt);
    const from = started.getTime() > now.getTime() ? now : started;
    return {
      realityCheckMinutes,
      sessionStartedAt: from.toISOString(),
      at: now.toISOString(),
      playedMs: now.getTime() - from.getTime(),
      ...(await this.repository.figures(player.id, from, now)),
    };
  }
}
