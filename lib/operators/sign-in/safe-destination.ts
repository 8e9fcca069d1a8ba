/** Where a signed-in operator lands when no (acceptable) destination was asked for. */
export const DEFAULT_DESTINATION = "/";

/** A placeholder origin: only used to tell same-site paths from anything a browser would leave for. */
const SITE = "http://quiver.invalid";

/**
 * The page to continue to after signing in: only a path on this site is honoured, so a crafted
 * sign-in link cannot send an operator elsewhere. The request is resolved the way a browser would
 * resolve it (which strips tabs and newlines, treats `\` as `/` and removes dot segments), and
 * whatever does not stay on this site falls back to {@link DEFAULT_DESTINATION}.
 *
 * Resolving once is not enough: `/..//evil.example` resolves to the path `//evil.example`, which a
 * browser then reads as a protocol-relative URL. So the result must also be a fixed point: read
 * again as a link, it has to name the same path on this site.
 */
export function safeDestination(requested: string): string {
  const destination = sitePath(requested);
  if (destination === null || sitePath(destination) !== destination) return DEFAULT_DESTINATION;
  return destination;
}

/** The path, query and fragment `link` leads to when followed from this site; null when it leaves. */
function sitePath(link: string): string | null {
  if (!link.startsWith("/")) return null;
  let resolved: URL;
  try {
    resolved = new URL(link, SITE);
  } catch {
    return null;
  }
  if (resolved.origin !== SITE) return null;
  return resolved.pathname + resolved.search + resolved.hash;
}
