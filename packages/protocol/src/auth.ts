import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  OPERATOR,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './auth-messages';
import { personName } from './person-name';

/**
 * Accounts: the forms of docs/player-app.md (Validation) (sign-in, sign-up, forgot password, new password) with
 * their exact messages, the bodies the server accepts at `/api/auth/*` and the identity token's
 * claims; the constants and the error catalogue are in auth-messages.ts. The app validates its forms with these very
 * schemas (react-hook-form + zodResolver; the landing's forms without the form library); the server validates
 * requests with them.
 */

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

// The chat name's character rules apply to names too (./person-name.ts).
const optionalName = (label: string) => personName(label).optional();

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

/** The account's whole name: the form's first and last name joined by a space. */
const accountName = personName('name', 2 * NAME_MAX_LENGTH + 1);

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
  /** Present when the email is one of ADMIN_EMAILS whose mailbox is not proven yet. */
  hostPending: z.literal(true).optional(),
  iat: z.number(),
  exp: z.number(),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
});
export type IdentityClaims = z.infer<typeof identityClaimsSchema>;
