/**
 * The games with a claim on its way, shared by the lobby's claim and the purchase page: a double
 * tap (both taps land before the button re-renders as busy) claims once and toasts once.
 */
const inFlight = new Set<string>();

/** Marks a claim for the game as started; false when one is already on its way. */
export function beginClaim(gameUuid: string): boolean {
  if (inFlight.has(gameUuid)) return false;
  inFlight.add(gameUuid);
  return true;
}

export function endClaim(gameUuid: string): void {
  inFlight.delete(gameUuid);
}
