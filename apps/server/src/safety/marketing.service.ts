import { MARKETING_CONSENT_WORDING, OPERATOR, type MarketingConsent } from '@ruthless/protocol';
import type { MarketingRepository } from './marketing.repository';

/** One CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Marketing consent: kept with its time and words, shown and changed in the profile, exported for hosts. */
export class MarketingService {
  constructor(
    private readonly repository: MarketingRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async current(userId: string): Promise<MarketingConsent> {
    const row = await this.repository.current(userId, OPERATOR);
    return row
      ? { given: row.given, at: row.at.toISOString(), wording: row.wording }
      : { given: false, at: null, wording: null };
  }

  /** A choice from the profile: kept even when it repeats the last one (the player said it again). */
  async choose(userId: string, given: boolean): Promise<MarketingConsent> {
    await this.repository.record(userId, OPERATOR, given, MARKETING_CONSENT_WORDING, this.clock());
    return this.current(userId);
  }

  /** The details form's checkbox: kept when it is the first choice or a change. */
  async fromDetailsForm(userId: string, given: boolean | undefined): Promise<void> {
    if (given === undefined) return;
    const row = await this.repository.current(userId, OPERATOR);
    if (row && row.given === given) return;
    await this.repository.record(userId, OPERATOR, given, MARKETING_CONSENT_WORDING, this.clock());
  }

  /** The CSV of players whose choice in force is yes. */
  async exportCsv(): Promise<string> {
    const rows = await this.repository.consenting(OPERATOR);
    const lines = [
      ['email', 'first_name', 'last_name', 'chat_name', 'consented_at', 'wording'],
      ...rows.map((row) => [
        row.email,
        row.firstName,
        row.lastName,
        row.alias ?? '',
        row.at.toISOString(),
        row.wording,
      ]),
    ];
    return lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
  }
}
