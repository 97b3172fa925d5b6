import type { UserSettings } from './user';

/**
 * True when the settings miss what the start-up gate requires (docs/player-app.md). Kept apart
 * from ./user so the app's gate can check it without bundling the phone-number validation.
 */
export function needsMandatoryDetails(settings: UserSettings): boolean {
  return !settings.alias || !settings.defaultChoice || !settings.phoneNumber;
}
