import {
  AuthErrorCode,
  ErrorCode,
  type DetailsForm,
  type OperatorRegistration,
  type ProfileUpdate,
  type UserSettings,
} from '@ruthless/protocol';
import { ConflictError, ForbiddenError, InvalidError } from '../errors';
import { aliasSkeleton, isStaffName } from './alias-skeleton';
import type { Player } from '../auth/identity';
import {
  AliasTakenError,
  type ProfileRepository,
  type PlayerProfileRow,
  type ProfileChanges,
} from './profile.repository';

export const ALIAS_TAKEN_MESSAGE = 'That chat name is already taken. Please choose another.';
export const ALIAS_RESERVED_MESSAGE = 'That chat name is reserved for the show. Please choose another.';

function toSettings(row: PlayerProfileRow): UserSettings {
  return {
    alias: row.alias,
    phoneNumber: row.phoneNumber,
    defaultChoice: row.defaultChoice === 'share' || row.defaultChoice === 'steal' ? row.defaultChoice : null,
    dobDay: row.dobDay,
    dobMonth: row.dobMonth,
    dobYear: row.dobYear,
    marketingAccepted: row.marketingAccepted,
  };
}

/**
 * The player's profile: registration with the operator and the settings kept there, the chat name
 * included (docs/player-app.md: State kept by the app, Validation, Calls).
 */
export class ProfileService {
  constructor(
    private readonly repository: ProfileRepository,
    private readonly log: { info(object: object, message: string): void },
  ) {}

  /** Idempotent: a second call changes nothing. The email must be the token's. */
  async register(player: Player, registration: OperatorRegistration): Promise<void> {
    if (registration.email.toLowerCase() !== player.email.toLowerCase()) {
      throw new ForbiddenError(
        AuthErrorCode.permissionDenied,
        'email: does not match the email of the signed-in account.',
        'email',
      );
    }
    await this.repository.register(
      player.id,
      registration.operator,
      registration.firstName,
      registration.lastName,
    );
    this.log.info(
      { event: 'operator.registered', playerId: player.id, operator: registration.operator },
      'player registered with the operator',
    );
  }

  async settings(player: Player, operator: string): Promise<UserSettings> {
    const row = await this.repository.find(player.id, operator);
    if (!row) throw notRegistered();
    return toSettings(row);
  }

  /** The profile edit modal. */
  updateProfile(player: Player, operator: string, update: ProfileUpdate): Promise<UserSettings> {
    return this.save(player, operator, {
      alias: update.alias,
      phoneNumber: update.phoneNumber,
      defaultChoice: update.ruthlessChoice,
    });
  }

  /** The mandatory details form. */
  saveDetails(player: Player, operator: string, details: DetailsForm): Promise<UserSettings> {
    return this.save(player, operator, {
      alias: details.alias,
      phoneNumber: details.phoneNumber,
      defaultChoice: details.ruthlessChoice,
      dobDay: details.dobDay,
      dobMonth: details.dobMonth,
      dobYear: details.dobYear,
      marketingAccepted: details.marketingAccepted,
    });
  }

  private async save(player: Player, operator: string, changes: ProfileChanges): Promise<UserSettings> {
    const alias = changes.alias;
    if (alias) {
      const skeleton = aliasSkeleton(alias);
      changes = { ...changes, aliasSkeleton: skeleton };
      // A name the player already holds keeps working, whatever it looks like.
      const current = await this.repository.find(player.id, operator);
      if (current?.alias !== alias) {
        if (isStaffName(alias)) throw new InvalidError(ErrorCode.validation, ALIAS_RESERVED_MESSAGE, 'alias');
        // The same name in any case, or one that looks like it (TR39 skeleton); the unique index
        // on the lower-case name settles a race between two equal names.
        if (await this.repository.isAliasTaken(operator, alias, skeleton, player.id)) throw aliasTaken();
      }
    }
    let row: PlayerProfileRow | undefined;
    try {
      row = await this.repository.update(player.id, operator, changes);
    } catch (error) {
      if (error instanceof AliasTakenError) throw aliasTaken();
      throw error;
    }
    if (!row) throw notRegistered();
    this.log.info({ event: 'operator.settings-saved', playerId: player.id }, 'player settings saved');
    return toSettings(row);
  }
}

const aliasTaken = () => new ConflictError(ErrorCode.validation, ALIAS_TAKEN_MESSAGE, 'alias');
const notRegistered = () =>
  new ForbiddenError(AuthErrorCode.permissionDenied, "You don't have permission to access this resource.");
