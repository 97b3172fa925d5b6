import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export const AUTH_FORM_MODES = ['sign-in', 'sign-up', 'forgot-password'] as const;
export type AuthFormMode = (typeof AUTH_FORM_MODES)[number];

/** `form_type` as a mode; anything else is sign-in (docs/player-app.md, Screens). */
export function parseAuthFormMode(value: string | null): AuthFormMode {
  return AUTH_FORM_MODES.find((mode) => mode === value) ?? 'sign-in';
}

export interface AuthFormProps {
  mode: AuthFormMode;
  onModeChange: (mode: AuthFormMode) => void;
  /** Signed in or up and registered with the operator: time to enter the lobby. */
  onSignedIn: () => void;
}

/** The auth form in its three modes (docs/player-app.md (Start-up gate)): sign-in leads to the other two; they lead back. */
export function AuthForm({ mode, onModeChange, onSignedIn }: AuthFormProps) {
  switch (mode) {
    case 'sign-up':
      return <SignUpForm key={mode} onMode={onModeChange} onSignedIn={onSignedIn} />;
    case 'forgot-password':
      return <ForgotPasswordForm key={mode} onMode={onModeChange} />;
    default:
      return <SignInForm key={mode} onMode={onModeChange} onSignedIn={onSignedIn} />;
  }
}
