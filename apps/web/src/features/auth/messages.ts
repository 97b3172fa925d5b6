/** The app's own messages of docs/player-app.md (Messages) (the identity codes' messages live in @ruthless/protocol). */
export const messages = {
  signedIn: 'Logged in successfully. You can claim a ticket for any game. See you there!',
  signedUp: 'Your account was successfully created. Welcome to Ruthless!',
  resetMailSent: 'A password reset link has been sent to your registered email address.',
  passwordChanged: 'Password successfully changed. You can log in now.',
  detailsSaved:
    'Your details have been updated. You can change them later at any time by going to your profile page.',
  loggedOut: 'Logged out successfully.',
  settingsFailed: 'Unable to fetch default user settings. Logging out.',
  tokenFailed: 'Unable to get user token during authentication.',
  refreshFailed: 'Unable to get access token from token refresher. Logging out.',
  resetCodeInvalid: 'Your reset password code is invalid.',
  resetCodeMissing: 'Missing reset password code in url parameters.',
  googleUnavailable: 'Google sign-in is not available.',
  chatNameResetTitle: 'Choose a new chat name',
  chatNameReset: 'Your chat name was reset by the host. Please choose a new one: you stay in the show.',
  chatNameSaved: 'Your details have been updated.',
} as const;

/** docs/player-app.md (Start-up gate) loading screens. */
export const loadingSteps = {
  initial: 'Loading initial data...',
  token: 'Verifying user token...',
  settings: 'Checking default user settings...',
} as const;
