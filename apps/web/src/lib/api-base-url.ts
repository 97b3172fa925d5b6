/**
 * The API's base address (docs/player-app.md (Calls): one client with a configured base). A module
 * of its own so that what only needs the address (the vitals reporter) loads without the client.
 */
export const API_BASE_URL: string = import.meta.env.VITE_API_URL ?? '/api';
