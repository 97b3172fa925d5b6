import { describe, expect, it } from 'vitest';
import { nationalPhoneNumber, PHONE_EXAMPLE, phoneNumberSchema, profileUpdateSchema } from '../src/user';

describe('the phone number, one way everywhere', () => {
  it("the forms' example passes their own check", () => {
    expect(phoneNumberSchema.safeParse(PHONE_EXAMPLE).success).toBe(true);
    expect(
      profileUpdateSchema.safeParse({ alias: 'Bob', phoneNumber: PHONE_EXAMPLE, ruthlessChoice: 'share' })
        .success,
    ).toBe(true);
  });

  it('a stored number reads as the example is written', () => {
    const stored = phoneNumberSchema.parse(PHONE_EXAMPLE);
    expect(stored).toBe('+447911123456');
    expect(nationalPhoneNumber(stored)).toBe(PHONE_EXAMPLE);
    // What the profile shows is what its form holds, and it saves unchanged.
    expect(phoneNumberSchema.parse(nationalPhoneNumber(stored))).toBe(stored);
  });

  it('a number it cannot read is shown as stored', () => {
    expect(nationalPhoneNumber('not a number')).toBe('not a number');
  });
});
