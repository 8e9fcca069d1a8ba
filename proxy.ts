import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";

/**
 * Sends signed-out visitors to the sign-in page. This is a convenience, not the authorization
 * boundary: every page, server action and route checks the operator's role on the server.
 */
export async function proxy(request: NextRequest) {
  const token = await getToken({ req: request, secret: process.env.NEXTAUTH_SECRET });
  if (token) return NextResponse.next();
  const login = new URL("/login", request.url);
  const destination = request.nextUrl.pathname + request.nextUrl.search;
  if (destination !== "/") login.searchParams.set("callbackUrl", destination);
  return NextResponse.redirect(login);
}

export const config = {
  // Everything except sign-in, next-auth's own routes, the agent API (API keys) and static assets.
  matcher: ["/((?!login|api/|_next/|favicon.ico|.*\\.(?:svg|png|ico|css|js)$).*)"],
};
