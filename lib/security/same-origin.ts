/**
 * Cross-site request forgery on the route handlers a signed-in operator's browser calls with its
 * session cookie (issue 25): `SameSite=Lax` lets a page on another port of the same host, or on a
 * sibling subdomain, send a cookie-bearing POST. Server actions already refuse a foreign `Origin`;
 * these routes apply the same rule, stricter: the `Origin` must be present (every browser sends it
 * on a POST) and name this very host, and the body must be declared `application/json` (which a
 * cross-site page cannot send without a CORS preflight Quiver never answers).
 */

/** Why `request` may not change anything for the signed-in operator, or null when it may. */
export function crossSiteRefusal(request: Request): string | null {
  const origin = request.headers.get("origin");
  // As Next.js's server actions do: the host the browser reached, behind a proxy its forwarded name.
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (!origin || !host) return "This request must come from a Quiver page: its Origin is missing.";
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return "This request must come from a Quiver page: its Origin is not one.";
  }
  if (originHost !== host) return "This request must come from a Quiver page: it came from another site.";
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") return "Send the request as JSON (Content-Type: application/json).";
  return null;
}
