/** Where a signed-in operator lands when no (acceptable) destination was asked for. */
export const DEFAULT_DESTINATION = "/tools";

/**
 * The page to continue to after signing in: only same-site paths are honoured, so a crafted
 * sign-in link cannot send an operator to another site (`//evil.example`, `/\evil.example`).
 */
export function safeDestination(requested: string): string {
  const isSameSitePath = requested.startsWith("/") && !requested.startsWith("//") && !requested.startsWith("/\\");
  return isSameSitePath ? requested : DEFAULT_DESTINATION;
}
