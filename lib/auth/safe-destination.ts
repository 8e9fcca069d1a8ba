/** Where a signed-in operator lands when no (acceptable) destination was asked for. */
export const DEFAULT_DESTINATION = "/tools";

/** A placeholder origin: only used to tell same-site paths from anything a browser would leave for. */
const SITE = "http://quiver.invalid";

/**
 * The page to continue to after signing in: only a path on this site is honoured, so a crafted
 * sign-in link cannot send an operator elsewhere. The request is resolved the way a browser would
 * resolve it (which strips tabs and newlines and treats `\` as `/`), and whatever does not stay
 * on this site falls back to {@link DEFAULT_DESTINATION}.
 */
export function safeDestination(requested: string): string {
  if (!requested.startsWith("/")) return DEFAULT_DESTINATION;
  let resolved: URL;
  try {
    resolved = new URL(requested, SITE);
  } catch {
    return DEFAULT_DESTINATION;
  }
  if (resolved.origin !== SITE) return DEFAULT_DESTINATION;
  return resolved.pathname + resolved.search + resolved.hash;
}
