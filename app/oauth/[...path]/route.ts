import { handleOauthRouteRequest } from "@/lib/agent-door";

/**
 * The authorization server's endpoints (`/oauth/…`) under `next dev`: the same listener
 * `npm start` and `npm run gateway` hand them to before Next.js, which is why their server never
 * lets a request reach this route (lib/agent-door/oauth/oauth-route.ts).
 */
function handle(request: Request): Promise<Response> {
  const url = new URL(request.url);
  return handleOauthRouteRequest(request, url.pathname + url.search);
}

export { handle as DELETE, handle as GET, handle as HEAD, handle as OPTIONS, handle as PATCH, handle as POST, handle as PUT };
