import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { PATH_HEADER, signInPath } from "@/lib/operators";
import { createNonce, pageContentSecurityPolicy } from "@/lib/security/headers";

/**
 * Paths a signed-out visitor may open: sign-in, the favicon and static files. (API routes and
 * `_next/` never reach the proxy, see `config`.)
 */
const OPEN_WITHOUT_SIGN_IN = /^\/(?:login|favicon\.ico|.*\.(?:svg|png|ico|css|js)$)/;

/**
 * Sends signed-out visitors to the sign-in page. This is a convenience, not the authorization
 * boundary: every page, server action and route checks the operator's role on the server.
 */
async function signInRedirect(request: NextRequest): Promise<NextResponse | null> {
  if (OPEN_WITHOUT_SIGN_IN.test(request.nextUrl.pathname)) return null;
  if (await getToken({ req: request, secret: process.env.NEXTAUTH_SECRET })) return null;
  return NextResponse.redirect(new URL(signInPath(requestedPath(request)), request.url));
}

/** The page asked for: its path and query. */
function requestedPath(request: NextRequest): string {
  return request.nextUrl.pathname + request.nextUrl.search;
}

/**
 * Lets the request through to rendering, carrying the nonce and the policy Next.js reads it from,
 * and the page asked for: a session found ended while rendering sends the operator to sign-in with
 * it (lib/operators/session.ts). Set here, it replaces whatever a client sent under that name.
 */
function renderWithNonce(request: NextRequest, nonce: string, policy: string): NextResponse {
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", policy);
  headers.set(PATH_HEADER, requestedPath(request));
  return NextResponse.next({ request: { headers } });
}

/**
 * Every page request: the sign-in redirect above, and the page's Content-Security-Policy with a
 * fresh nonce. Next.js reads the nonce from the policy on the request and puts it on the scripts
 * it renders; the root layout reads `x-nonce` for the theme script. `next dev` needs eval for its
 * error overlay; a production build never does.
 */
export async function proxy(request: NextRequest) {
  const nonce = createNonce();
  const policy = pageContentSecurityPolicy(nonce, { development: process.env.NODE_ENV === "development" });
  const response = (await signInRedirect(request)) ?? renderWithNonce(request, nonce, policy);
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  // Every page, sign-in included. API routes (API keys, next-auth), the OAuth paths (served by
  // `next dev` through routes; they are for MCP clients, signed in or not) and `_next/` assets
  // take their headers from next.config.ts and skip the proxy's cost.
  matcher: ["/((?!api/|oauth/|\\.well-known/|_next/).*)"],
};
