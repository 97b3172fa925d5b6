/** The profile's messages (docs/player-app.md). */
export const messages = {
  detailsUpdated: 'Your details have been updated.',
  loggedOut: 'Logged out successfully.',
} as const;
