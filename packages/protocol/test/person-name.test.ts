import { describe, expect, it } from 'vitest';
import {
  cleanPersonName,
  operatorRegistrationSchema,
  signUpRequestSchema,
  updateUserRequestSchema,
} from '../src';

// A person's name follows the chat name's character rules wherever it enters (issue 40): the
// account's `name` at sign-up and update, and POST /api/operator/auth's first and last name.

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

const signUp = { email: 'ann@example.com', password: 'secret1' };
const registration = { email: 'ann@example.com', operator: 'enlivon' };

describe('names on the API', () => {
  it.each([
    ['a right-to-left override', 'Ann\u202Eyelsew', 'contains characters that are not allowed.'],
    ['a zero-width space', 'An\u200Bn', 'contains characters that are not allowed.'],
    ['an escape', 'Ann\u001b[31m', 'contains characters that are not allowed.'],
    ['a line separator', 'Ann\u2028Lee', 'contains characters that are not allowed.'],
    ['only a Hangul filler', '\u3164', 'must contain a letter or a digit.'],
    ['only punctuation', '...', 'must contain a letter or a digit.'],
    ['a tower of accents', `Z${'\u0336'.repeat(5)}oe`, 'can have at most 4 accents on one letter.'],
  ])('refuses %s, the field named first', (_case, value, message) => {
    expect(firstIssue(signUpRequestSchema.safeParse({ ...signUp, name: value }))).toBe(`name ${message}`);
    expect(firstIssue(updateUserRequestSchema.safeParse({ name: value }))).toBe(`name ${message}`);
    expect(firstIssue(operatorRegistrationSchema.safeParse({ ...registration, firstName: value }))).toBe(
      `firstName ${message}`,
    );
    expect(firstIssue(operatorRegistrationSchema.safeParse({ ...registration, lastName: value }))).toBe(
      `lastName ${message}`,
    );
  });

  it('takes names in any script, accents, emoji and none at all', () => {
    for (const name of ['Zoë Ólafsdóttir', 'Đặng Thị Ngọc', 'محمد', '王小明', 'Ann👩‍💻 Lee', '']) {
      expect(signUpRequestSchema.safeParse({ ...signUp, name }).success, name).toBe(true);
      const [firstName = '', lastName = ''] = name.split(' ');
      expect(
        operatorRegistrationSchema.safeParse({ ...registration, firstName, lastName }).success,
        name,
      ).toBe(true);
    }
    expect(operatorRegistrationSchema.parse(registration)).toMatchObject({ firstName: '', lastName: '' });
  });
});

describe("cleanPersonName (a provider's name, cleaned rather than refused)", () => {
  it.each([
    ['Ann Lee', 'Ann Lee'],
    ['  Ann \t\n Lee  ', 'Ann Lee'],
    ['Ann\u202E Lee\u200B', 'Ann Lee'],
    ['Ann \u3164 Lee \u2800', 'Ann Lee'],
    ['Ann - Lee', 'Ann Lee'],
    [`Z${'\u0336'.repeat(9)}oe`, `Z${'\u0336'.repeat(4)}oe`],
    ['Ann👨‍👩‍👧 Lee', 'Ann👨‍👩‍👧 Lee'],
    ['Ann 👨‍👩‍👧', 'Ann'],
    ['\u202E\u200B', ''],
    [undefined, ''],
    [42, ''],
  ])('%j becomes %j', (given, cleaned) => {
    expect(cleanPersonName(given)).toBe(cleaned);
  });

  it('keeps each word a valid first or last name and the whole a valid account name', () => {
    const long = `${'A'.repeat(70)} ${'B'.repeat(40)} ${'C'.repeat(40)} D`;
    const cleaned = cleanPersonName(long);
    expect(cleaned).toBe(`${'A'.repeat(50)} ${'B'.repeat(40)}`);
    expect(signUpRequestSchema.safeParse({ ...signUp, name: cleaned }).success).toBe(true);
    for (const word of cleaned.split(' '))
      expect(operatorRegistrationSchema.safeParse({ ...registration, firstName: word }).success).toBe(true);
  });
});
