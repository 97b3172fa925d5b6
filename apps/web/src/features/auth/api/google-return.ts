/**
 * Where Google sends the player back to the login page, and how it went: constants apart from the
 * calls of sign-in-with-google.ts, so the login page reads its address without Better Auth's
 * client.
 */

/** Where the provider sends the popup back: the login page, which reports to the app's tab. */
export const GOOGLE_POPUP_PARAM = 'google-popup';
/** Where it sends the whole page back when no popup could open: the login page finishes there. */
export const GOOGLE_RETURN_PARAM = 'google-return';
export const GOOGLE_DONE = 'done';
export const GOOGLE_FAILED = 'failed';
