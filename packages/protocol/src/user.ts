import { isValidPhoneNumber, parsePhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { hasControlCharacters, hasVisibleLetterOrDigit } from './text-rules';
import { EMAIL_MAX_LENGTH, OPERATOR } from './auth-messages';
import { personName } from './person-name';
import { ruthlessChoiceSchema } from './user-settings';

// The answers' schemas, which need no phone rules, are in user-settings.ts: a signed-in screen's
// start checks them without loading libphonenumber.
export * from './user-settings';

/**
 * The player's settings at the operator: registration, the profile edit modal and the
 * mandatory details form of docs/player-app.md (Validation), with the very same messages in the app and on the
 * server. Phone numbers are validated with libphonenumber-js (default region GB) and come out
 * of the schemas in E.164.
 */

export const ALIAS_MAX_LENGTH = 10;
export const ALIAS_MIN_LENGTH = 3;
export const MINIMUM_AGE = 18;
export const PHONE_DEFAULT_REGION = 'GB';

const PHONE_MESSAGE = 'You need to provide valid phone number';
/** The phone field's example: a GB mobile number the validator below accepts. */
export const PHONE_EXAMPLE = '07911 123456';

/**
 * A stored (E.164) number the one way the app shows it, on the profile and in its forms: as the
 * player writes it at home, like PHONE_EXAMPLE ('+447911123456' reads '07911 123456').
 */
export function nationalPhoneNumber(phoneNumber: string): string {
  try {
    return parsePhoneNumber(phoneNumber, PHONE_DEFAULT_REGION).formatNational();
  } catch {
    return phoneNumber;
  }
}

/** A phone number as typed (national GB or international); the output is E.164. */
export const phoneNumberSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .min(1, { error: PHONE_MESSAGE, abort: true })
  .max(32, { error: PHONE_MESSAGE, abort: true })
  .refine((value) => isValidPhoneNumber(value, PHONE_DEFAULT_REGION), { error: PHONE_MESSAGE })
  .transform((value) => parsePhoneNumber(value, PHONE_DEFAULT_REGION).number as string);

const aliasField = (emptyMessage: string, minLength: number) =>
  z
    .string({ error: emptyMessage })
    .trim()
    .min(1, { error: emptyMessage, abort: true })
    .min(minLength, { error: `Minimum allowed characters is ${minLength}.`, abort: true })
    .max(ALIAS_MAX_LENGTH, { error: 'Maximum allowed characters is 10.', abort: true })
    // Control and format characters would garble the chat or let a name pass for another
    // (./text-rules.ts); everything printable is a fine chat name.
    .refine((value) => !hasControlCharacters(value), {
      error: 'The chat name contains characters that are not allowed.',
      abort: true,
    })
    // Fillers such as U+3164 and the braille blank are a name nobody can see.
    .refine(hasVisibleLetterOrDigit, { error: 'The chat name must contain a letter or a digit.' });

/**
 * A day, month or year typed in a text box (or sent as a number): required, digits only,
 * within bounds, with docs/player-app.md's Validation messages.
 */
const datePart = (label: 'Day' | 'Month' | 'Year', min: number, max: number) => {
  const invalid = `Please enter a valid ${label.toLowerCase()} number`;
  const required = `${label} is required`;
  return z
    .union([z.string(), z.number()], {
      error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid),
    })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(
      z
        .string()
        .min(1, { error: required, abort: true })
        .regex(/^\d{1,4}$/, { error: invalid, abort: true })
        .transform(Number)
        .pipe(
          z
            .number()
            .min(min, { error: `${label} must be at least ${min}` })
            .max(max, { error: `${label} cannot be more than ${max}` }),
        ),
    );
};

/** True when day/month/year name a real calendar date (no 31/02). */
export function isRealDate(day: number, month: number, year: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Full years between a date of birth and `today` (by the calendar, in UTC). */
export function ageOn(day: number, month: number, year: number, today: Date): number {
  const hadBirthday =
    today.getUTCMonth() + 1 > month || (today.getUTCMonth() + 1 === month && today.getUTCDate() >= day);
  return today.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
}

// The date checks run once day, month and year each parsed, even if another field failed,
// so every message shows in one go.
const DATE_PARTS = ['dobDay', 'dobMonth', 'dobYear'];
// A body that is not an object at all (null, a list) has a root issue and gets no date checks.
const dateOfBirthParsed = (payload: { issues: readonly { path?: PropertyKey[] }[] }) =>
  !payload.issues.some((issue) => !issue.path?.length || DATE_PARTS.includes(String(issue.path[0])));

/** `PATCH /api/operator/user`: the profile edit modal. */
export const profileUpdateSchema = z.strictObject({
  alias: aliasField('Display name cannot be empty', 1),
  phoneNumber: phoneNumberSchema,
  ruthlessChoice: ruthlessChoiceSchema,
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/**
 * The new chat name a player whose name the host reset chooses (the app's chat-name dialog,
 * sent with their stored phone number and choice as `PATCH /api/operator/user`): the details
 * form's rules.
 */
export const chatNameSchema = z.strictObject({
  alias: aliasField('Chat name cannot be empty', ALIAS_MIN_LENGTH),
});
export type ChatNameInput = z.input<typeof chatNameSchema>;
export type ChatName = z.output<typeof chatNameSchema>;

/** `PUT /api/operator/user/details`: the mandatory details form. */
export const detailsFormSchema = z
  .strictObject({
    ruthlessChoice: ruthlessChoiceSchema,
    alias: aliasField('Chat name cannot be empty', ALIAS_MIN_LENGTH),
    phoneNumber: phoneNumberSchema,
    dobDay: datePart('Day', 1, 31),
    dobMonth: datePart('Month', 1, 12),
    dobYear: datePart('Year', 1900, 2100),
    marketingAccepted: z
      .boolean({ error: 'marketingAccepted: expects true or false' })
      .optional()
      .default(false),
  })
  .refine((form) => isRealDate(form.dobDay, form.dobMonth, form.dobYear), {
    error: 'Please enter a valid date of birth.',
    path: ['dobDay'],
    when: dateOfBirthParsed,
  })
  .refine(
    (form) =>
      !isRealDate(form.dobDay, form.dobMonth, form.dobYear) ||
      ageOn(form.dobDay, form.dobMonth, form.dobYear, new Date()) >= MINIMUM_AGE,
    { error: 'You must be 18 or over to play.', path: ['dobYear'], when: dateOfBirthParsed },
  );
export type DetailsFormInput = z.input<typeof detailsFormSchema>;
export type DetailsForm = z.output<typeof detailsFormSchema>;

/** `POST /api/operator/auth`: registers the signed-in player with the operator, idempotently. */
export const operatorRegistrationSchema = z.strictObject({
  email: z
    .string({ error: 'email: expects the email of the signed-in account' })
    .trim()
    .min(1, { error: 'Email cannot be empty', abort: true })
    .max(EMAIL_MAX_LENGTH, { error: 'Please enter a valid email address' }),
  firstName: personName('firstName').optional().default(''),
  lastName: personName('lastName').optional().default(''),
  operator: z.literal(OPERATOR, { error: `operator: expects '${OPERATOR}'` }),
});
export type OperatorRegistrationInput = z.input<typeof operatorRegistrationSchema>;
export type OperatorRegistration = z.output<typeof operatorRegistrationSchema>;
