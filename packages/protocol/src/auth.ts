import { z } from 'zod';

/**
 * Accounts: the forms of docs/player-app.md (Validation) (sign-in, sign-up, forgot password, new password) with
 * their exact messages, the bodies the server accepts at `/api/auth/*`, the identity token's
 * claims and the error catalogue of docs/player-app.md (Messages). The app validates its forms with these very
 * schemas (react-hook-form + zodResolver); the server validates requests with them.
 */

/** The operator every player registers with (docs/player-app.md, Constants). */
export const OPERATOR = 'enlivon';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 50;

/** docs/player-app.md (Validation): "matching a basic email pattern". */
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const emailField = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'Email cannot be empty' : 'Please enter a valid email address',
  })
  .trim()
  .min(1, { error: 'Email cannot be empty', abort: true })
  .max(EMAIL_MAX_LENGTH, { error: 'Please enter a valid email address', abort: true })
  .regex(BASIC_EMAIL, { error: 'Please enter a valid email address' });

const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required', abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 6 characters' })
  .max(PASSWORD_MAX_LENGTH, { error: 'Password cannot be more than 128 characters' });

const confirmField = z
  .string({ error: 'Please confirm your password' })
  .min(1, { error: 'Please confirm your password' });

const optionalName = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(NAME_MAX_LENGTH, { error: `${label} cannot be more than ${NAME_MAX_LENGTH} characters` })
    .optional();

const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword;

/**
 * 'The passwords do not match' is a rule of its own: it is checked even when the password breaks
 * another rule (too short), so the form lists every broken rule at once. An empty confirmation
 * has its own message instead.
 */
const matchRule = {
  error: 'The passwords do not match',
  path: ['confirmPassword'],
  when: ({ value }: { value: unknown }) => {
    const { password, confirmPassword } = (value ?? {}) as Record<string, unknown>;
    return typeof password === 'string' && typeof confirmPassword === 'string' && confirmPassword !== '';
  },
};

/** The sign-in form. */
export const signInSchema = z.object({
  email: emailField,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required', abort: true })
    .max(PASSWORD_MAX_LENGTH, { error: 'Password cannot be more than 128 characters' }),
});
export type SignInForm = z.infer<typeof signInSchema>;

/** The sign-up form: first and last name optional; the app sends them joined as `name`. */
export const signUpSchema = z
  .object({
    email: emailField,
    password: newPasswordField,
    confirmPassword: confirmField,
    firstName: optionalName('First name'),
    lastName: optionalName('Last name'),
  })
  .refine(passwordsMatch, matchRule);
export type SignUpForm = z.infer<typeof signUpSchema>;

/** The forgot-password form. */
export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

/** The new-password form of /forgot-password?oobCode=… */
export const newPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: confirmField })
  .refine(passwordsMatch, matchRule);
export type NewPasswordForm = z.infer<typeof newPasswordSchema>;

// ---- Request bodies of the Better Auth endpoints, as the server accepts them ----

const callbackUrl = z.string().max(2048).optional();

/** A profile picture: an https address only (never `javascript:` or `data:`), or none. */
const imageUrl = z
  .url({ protocol: /^https$/, error: 'image: expects an https:// address' })
  .max(2048, { error: 'image: expects an https:// address of at most 2048 characters' })
  .nullable()
  .optional();

const accountName = z
  .string({ error: 'name must be text' })
  .trim()
  .max(2 * NAME_MAX_LENGTH + 1, {
    error: 'name cannot be more than 101 characters',
  });

/** `POST /api/auth/sign-up/email`. */
export const signUpRequestSchema = z.strictObject({
  email: emailField,
  password: newPasswordField,
  name: accountName,
  image: imageUrl,
  callbackURL: callbackUrl,
  rememberMe: z.boolean().optional(),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** `POST /api/auth/sign-in/email`. */
export const signInRequestSchema = z.strictObject({
  email: emailField,
  password: signInSchema.shape.password,
  callbackURL: callbackUrl,
  rememberMe: z.boolean().optional(),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** `POST /api/auth/request-password-reset`: same reply whether or not the account exists. */
export const passwordResetRequestSchema = z.strictObject({
  email: emailField,
  redirectTo: callbackUrl,
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** `POST /api/auth/reset-password`: `token` is the oobCode of the reset link. */
export const resetPasswordRequestSchema = z.strictObject({
  newPassword: newPasswordField,
  token: z
    .string({ error: 'Your code is invalid.' })
    .min(1, { error: 'Your code is invalid.' })
    .max(256, { error: 'Your code is invalid.' }),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** `POST /api/auth/update-user`: the account's name and picture. */
export const updateUserRequestSchema = z.strictObject({
  name: accountName.optional(),
  image: imageUrl,
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** `POST /api/auth/sign-in/social` with `provider: 'google'` (the OIDC provider of OIDC_ISSUER). */
export const socialSignInRequestSchema = z.strictObject({
  provider: z.literal('google', { error: "provider: expects 'google'" }),
  callbackURL: callbackUrl,
  errorCallbackURL: callbackUrl,
  newUserCallbackURL: callbackUrl,
  disableRedirect: z.boolean().optional(),
  requestSignUp: z.boolean().optional(),
  loginHint: z.string().max(EMAIL_MAX_LENGTH).optional(),
});
export type SocialSignInRequest = z.infer<typeof socialSignInRequestSchema>;

/** `GET /api/auth/token`: a fresh identity token for the session cookie. */
export const identityTokenResponseSchema = z.object({ token: z.string() });
export type IdentityTokenResponse = z.infer<typeof identityTokenResponseSchema>;

/** `GET /api/auth/reset-code/{code}`: 200 when the code can still be used (it is not consumed). */
export const resetCodeResponseSchema = z.object({ valid: z.literal(true) });
export type ResetCodeResponse = z.infer<typeof resetCodeResponseSchema>;

/** `GET /api/auth/providers`: which sign-in methods this server offers. */
export const authProvidersResponseSchema = z.object({
  emailPassword: z.literal(true),
  google: z.boolean(),
});
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

/** What the identity token (EdDSA JWT, 15 minutes) carries. */
export const identityClaimsSchema = z.object({
  /** The player uuid. */
  sub: z.string(),
  name: z.string(),
  email: z.string(),
  /** Present only once the player has registered with the operator (`POST /api/operator/auth`). */
  operator: z.literal(OPERATOR).optional(),
  /** Present when the email is one of ADMIN_EMAILS. */
  role: z.literal('host').optional(),
  iat: z.number(),
  exp: z.number(),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
});
export type IdentityClaims = z.infer<typeof identityClaimsSchema>;

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
