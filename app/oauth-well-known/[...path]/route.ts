import { handleOauthRouteRequest } from "@/lib/agent-door";

/**
 * The OAuth well-known documents (`/.well-known/oauth-authorization-server`,
 * `/.well-known/oauth-protected-resource/…`) under `next dev`. The App Router does not route
 * folders whose name starts with a dot, so next.config.js rewrites those paths here and this route
 * gives the listener back the path it was asked for. Only for `next dev`: `npm start` answers the
 * documents before Next.js, and this address is no public one, so anything else gets a 404.
 */
async function handle(request: Request, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> {
  if (process.env.NODE_ENV !== "development") return new Response(null, { status: 404 });
  const { path } = await params;
  return handleOauthRouteRequest(request, `/.well-known/${path.map(encodeURIComponent).join("/")}${new URL(request.url).search}`);
}

export { handle as GET, handle as HEAD, handle as POST };
