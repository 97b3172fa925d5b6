import { describe, expect, it } from 'vitest';
import {
  AuthErrorCode,
  catalogueMessage,
  errorCatalogue,
  GENERIC_ERROR_MESSAGE,
  oauthErrorMessage,
} from '../src';

// The identity errors of docs/player-app.md ("Messages"): a code maps to its text, anything else
// to the generic one.
describe('the error catalogue', () => {
  it.each([
    [AuthErrorCode.emailAlreadyInUse, 'An account with this email already exists.'],
    [AuthErrorCode.invalidEmail, 'Please enter a valid email address.'],
    [AuthErrorCode.wrongPassword, 'Incorrect password. Please try again.'],
    [AuthErrorCode.userNotFound, 'No account found with this email.'],
    [AuthErrorCode.invalidActionCode, 'Your code is invalid.'],
    [AuthErrorCode.weakPassword, 'Password should be at least 6 characters.'],
    [AuthErrorCode.tooManyRequests, 'Too many unsuccessful attempts. Please try again later.'],
    [AuthErrorCode.permissionDenied, "You don't have permission to access this resource."],
    [AuthErrorCode.notFound, 'The requested document was not found.'],
  ])('%s says %j', (code, message) => {
    expect(catalogueMessage(code)).toBe(message);
  });

  it('has a message for every code the API answers with', () => {
    for (const code of Object.values(AuthErrorCode)) expect(errorCatalogue[code]).toBeTruthy();
  });

  it.each([undefined, '', 'auth/unheard-of', 'constructor', 'toString', '__proto__'])(
    'an unknown code (%j) gives the generic message',
    (code) => {
      expect(catalogueMessage(code)).toBe(GENERIC_ERROR_MESSAGE);
      expect(GENERIC_ERROR_MESSAGE).toBe('Something went wrong. Please try again.');
    },
  );

  it('a failed Google sign-in without an email says so; other failures are generic', () => {
    expect(oauthErrorMessage('email_not_found')).toBe('Missing email adress');
    expect(oauthErrorMessage(null)).toBe(GENERIC_ERROR_MESSAGE);
    expect(oauthErrorMessage('something_else')).toBe(GENERIC_ERROR_MESSAGE);
    // The code comes from the address bar: Object's own properties are no messages.
    expect(oauthErrorMessage('constructor')).toBe(GENERIC_ERROR_MESSAGE);
  });
});
