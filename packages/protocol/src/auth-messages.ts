/**
 * Accounts' constants and the error catalogue of docs/player-app.md (Messages), apart from the
 * schemas of auth.ts: this module has no zod, so the app's first screens can show a message or
 * read the operator without loading zod (docs/web-quality.md, JavaScript per route).
 */

/** The operator every player registers with (docs/player-app.md, Constants). */
export const OPERATOR = 'enlivon';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 50;

// ---- docs/player-app.md (Messages): the error catalogue ----

/** The codes of docs/player-app.md (Messages) the API answers with, and their messages. */
export const AuthErrorCode = {
  emailAlreadyInUse: 'auth/email-already-in-use',
  invalidEmail: 'auth/invalid-email',
  wrongPassword: 'auth/wrong-password',
  userNotFound: 'auth/user-not-found',
  invalidActionCode: 'auth/invalid-action-code',
  weakPassword: 'auth/weak-password',
  tooManyRequests: 'auth/too-many-requests',
  permissionDenied: 'permission-denied',
  notFound: 'not-found',
} as const;
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];

export const errorCatalogue: Record<string, string> = {
  'auth/email-already-in-use': 'An account with this email already exists.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/wrong-password': 'Incorrect password. Please try again.',
  'auth/user-not-found': 'No account found with this email.',
  'auth/invalid-action-code': 'Your code is invalid.',
  'auth/weak-password': 'Password should be at least 6 characters.',
  'auth/too-many-requests': 'Too many unsuccessful attempts. Please try again later.',
  'permission-denied': "You don't have permission to access this resource.",
  'not-found': 'The requested document was not found.',
  'storage/unauthorized': "You don't have permission to upload this file.",
  'storage/canceled': 'Upload was canceled.',
  'storage/unknown': 'An unknown error occurred during upload.',
};
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

// Own keys only: a code like 'constructor' (or '') must not reach the player as an Object method.
const messageFor = (messages: Record<string, string>, code: string | null | undefined): string =>
  code && Object.hasOwn(messages, code) ? messages[code]! : GENERIC_ERROR_MESSAGE;

/** The message of a code (docs/player-app.md, "Messages"), or the generic one. */
export function catalogueMessage(code: string | undefined): string {
  return messageFor(errorCatalogue, code);
}

/** The reply to `GET /api/auth/reset-code/{code}` when the code is unknown, used or expired. */
export const INVALID_RESET_CODE_MESSAGE = 'Your reset password code is invalid.';

/**
 * Google sign-in ends on the `errorCallbackURL` with `?error=<code>` when it fails; these are
 * the messages to show for the codes it can carry.
 */
export const oauthErrorMessages: Record<string, string> = {
  email_not_found: 'Missing email adress',
  account_not_linked: 'An account with this email already exists. Sign in with your email and password.',
  signup_disabled: 'Google sign-in is not available.',
  oauth_provider_not_found: 'Google sign-in is not available.',
};

/** The message for the `error` query parameter of a failed Google sign-in. */
export function oauthErrorMessage(error: string | null | undefined): string {
  return messageFor(oauthErrorMessages, error);
}
