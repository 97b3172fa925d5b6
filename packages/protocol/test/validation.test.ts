import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  detailsFormSchema,
  forgotPasswordSchema,
  newPasswordSchema,
  profileUpdateSchema,
  signInSchema,
  signUpSchema,
} from '../src';

// The forms' messages are the product's texts (docs/player-app.md, "Validation"): the app shows
// them and the server answers with them, both from these schemas. Each case checks that the
// message is among the issues, not that it is the only one: a form may show every broken rule.

const messages = (schema: z.ZodType, input: unknown): string[] => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

const signIn = { email: 'ann@example.com', password: 'secret1' };
const signUp = { email: 'ann@example.com', password: 'secret1', confirmPassword: 'secret1' };
const newPassword = { password: 'secret1', confirmPassword: 'secret1' };
const profile = { alias: 'Ann', phoneNumber: '07911 123456', ruthlessChoice: 'share' };
const details = { ...profile, dobDay: '1', dobMonth: '2', dobYear: '1990' };

type Case = [form: string, schema: z.ZodType, input: unknown, message: string];

const emailCases = (form: string, schema: z.ZodType, valid: object): Case[] => [
  [form, schema, { ...valid, email: undefined }, 'Email cannot be empty'],
  [form, schema, { ...valid, email: '' }, 'Email cannot be empty'],
  [form, schema, { ...valid, email: '   ' }, 'Email cannot be empty'],
  [form, schema, { ...valid, email: 'ann@example' }, 'Please enter a valid email address'],
  [form, schema, { ...valid, email: 'ann example.com' }, 'Please enter a valid email address'],
];

const passwordCases = (form: string, schema: z.ZodType, valid: object): Case[] => [
  [form, schema, { ...valid, password: undefined }, 'Password is required'],
  [form, schema, { ...valid, password: '' }, 'Password is required'],
  [
    form,
    schema,
    { ...valid, password: '12345', confirmPassword: '12345' },
    'Password must be at least 6 characters',
  ],
  [form, schema, { ...valid, confirmPassword: undefined }, 'Please confirm your password'],
  [form, schema, { ...valid, confirmPassword: '' }, 'Please confirm your password'],
  [form, schema, { ...valid, confirmPassword: 'secret2' }, 'The passwords do not match'],
];

const aliasCases = (form: string, schema: z.ZodType, valid: object, empty: string): Case[] => [
  [form, schema, { ...valid, alias: undefined }, empty],
  [form, schema, { ...valid, alias: '' }, empty],
  [form, schema, { ...valid, alias: '   ' }, empty],
  [form, schema, { ...valid, alias: 'Elevenchars' }, 'Maximum allowed characters is 10.'],
  [form, schema, { ...valid, alias: 'Bob\u202E' }, 'The chat name contains characters that are not allowed.'],
  [
    form,
    schema,
    { ...valid, alias: '\u3164\u3164\u3164' },
    'The chat name must contain a letter or a digit.',
  ],
  [
    form,
    schema,
    { ...valid, alias: '\u2800\u2800\u2800' },
    'The chat name must contain a letter or a digit.',
  ],
];

const nameCases = (label: 'First name' | 'Last name'): Case[] => {
  const key = label === 'First name' ? 'firstName' : 'lastName';
  const says = (value: string, message: string): Case => [
    'sign-up',
    signUpSchema,
    { ...signUp, [key]: value },
    message,
  ];
  return [
    says('x'.repeat(51), `${label} cannot be more than 50 characters`),
    says('Ada\u202Eecalevol', `${label} contains characters that are not allowed.`),
    says('A\u200Bda', `${label} contains characters that are not allowed.`),
    says('Ada\u0007', `${label} contains characters that are not allowed.`),
    says('\u3164\u3164', `${label} must contain a letter or a digit.`),
    says('\u2800', `${label} must contain a letter or a digit.`),
    says('a\u0301\u0302\u0303\u0304\u0305', `${label} can have at most 4 accents on one letter.`),
  ];
};

const phoneAndChoiceCases = (form: string, schema: z.ZodType, valid: object): Case[] => [
  [form, schema, { ...valid, phoneNumber: undefined }, 'You need to provide valid phone number'],
  [form, schema, { ...valid, phoneNumber: '' }, 'You need to provide valid phone number'],
  [form, schema, { ...valid, phoneNumber: '12345' }, 'You need to provide valid phone number'],
  [form, schema, { ...valid, phoneNumber: 'call me' }, 'You need to provide valid phone number'],
  [form, schema, { ...valid, ruthlessChoice: undefined }, 'Please choose your default ruthless choice'],
  [form, schema, { ...valid, ruthlessChoice: 'split' }, 'Please choose your default ruthless choice'],
];

const dateCases = (label: 'Day' | 'Month' | 'Year', min: number, max: number): Case[] => {
  const key = `dob${label}`;
  return [
    ['details form', detailsFormSchema, { ...details, [key]: undefined }, `${label} is required`],
    ['details form', detailsFormSchema, { ...details, [key]: '' }, `${label} is required`],
    [
      'details form',
      detailsFormSchema,
      { ...details, [key]: String(min - 1) },
      `${label} must be at least ${min}`,
    ],
    [
      'details form',
      detailsFormSchema,
      { ...details, [key]: String(max + 1) },
      `${label} cannot be more than ${max}`,
    ],
    [
      'details form',
      detailsFormSchema,
      { ...details, [key]: max + 1 },
      `${label} cannot be more than ${max}`,
    ],
    [
      'details form',
      detailsFormSchema,
      { ...details, [key]: '1a' },
      `Please enter a valid ${label.toLowerCase()} number`,
    ],
    [
      'details form',
      detailsFormSchema,
      { ...details, [key]: '-5' },
      `Please enter a valid ${label.toLowerCase()} number`,
    ],
    [
      'details form',
      detailsFormSchema,
      { ...details, [key]: true },
      `Please enter a valid ${label.toLowerCase()} number`,
    ],
  ];
};

const cases: Case[] = [
  ...emailCases('sign-in', signInSchema, signIn),
  ...emailCases('sign-up', signUpSchema, signUp),
  ...emailCases('forgot password', forgotPasswordSchema, {}),
  ['sign-in', signInSchema, { ...signIn, password: undefined }, 'Password is required'],
  ['sign-in', signInSchema, { ...signIn, password: '' }, 'Password is required'],
  ...passwordCases('sign-up', signUpSchema, signUp),
  ...nameCases('First name'),
  ...nameCases('Last name'),
  ...passwordCases('new password', newPasswordSchema, newPassword),
  ...aliasCases('profile modal', profileUpdateSchema, profile, 'Display name cannot be empty'),
  ...phoneAndChoiceCases('profile modal', profileUpdateSchema, profile),
  ...aliasCases('details form', detailsFormSchema, details, 'Chat name cannot be empty'),
  ['details form', detailsFormSchema, { ...details, alias: 'Al' }, 'Minimum allowed characters is 3.'],
  ['details form', detailsFormSchema, { ...details, alias: ' Al ' }, 'Minimum allowed characters is 3.'],
  ...phoneAndChoiceCases('details form', detailsFormSchema, details),
  ...dateCases('Day', 1, 31),
  ...dateCases('Month', 1, 12),
  ...dateCases('Year', 1900, 2100),
];

describe('the forms of docs/player-app.md', () => {
  it.each(cases)('%s: %j says %j', (_form, schema, input, message) => {
    expect(messages(schema, input)).toContain(message);
  });

  it.each([
    ['sign-in', signInSchema, signIn],
    ['sign-up', signUpSchema, signUp],
    ['sign-up with names', signUpSchema, { ...signUp, firstName: ' Zoë ', lastName: "O'Brien-Ólafsdóttir" }],
    ['sign-up with blank names', signUpSchema, { ...signUp, firstName: '  ', lastName: '' }],
    ['sign-up with an emoji family in a name', signUpSchema, { ...signUp, firstName: 'Ann 👨‍👩‍👧' }],
    ['forgot password', forgotPasswordSchema, { email: 'ann@example.com' }],
    ['new password', newPasswordSchema, newPassword],
    ['profile modal', profileUpdateSchema, profile],
    ['details form', detailsFormSchema, details],
  ] as const)('%s accepts a valid form', (_form, schema, input) => {
    expect(messages(schema, input)).toEqual([]);
  });

  it('the details form trims, reads the date as numbers and the phone number as E.164', () => {
    expect(detailsFormSchema.parse({ ...details, alias: '  Ann  ', dobDay: ' 01 ' })).toEqual({
      ruthlessChoice: 'share',
      alias: 'Ann',
      phoneNumber: '+447911123456',
      dobDay: 1,
      dobMonth: 2,
      dobYear: 1990,
      marketingAccepted: false,
    });
  });

  it('every message of the Validation table is produced by some case above', () => {
    const page = readFileSync(path.resolve(import.meta.dirname, '../../../docs/player-app.md'), 'utf8');
    const table = /## Validation\n\n((?:\|.*\n)+)/.exec(page)?.[1];
    expect(table, 'docs/player-app.md has a Validation table').toBeDefined();
    const documented = [...table!.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
    expect(documented.length).toBeGreaterThan(15);
    const produced = new Set(cases.flatMap(([, schema, input]) => messages(schema, input)));
    expect(documented.filter((message) => !produced.has(message))).toEqual([]);
  });
});
