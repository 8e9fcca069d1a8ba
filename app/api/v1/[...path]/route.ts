import { handleDoorRequest } from "@/lib/agent-door";

/**
 * The agents' door inside the app's server: every `/api/v1` path and method goes to the one
 * framework-free handler (lib/agent-door/gateway/door-routes.ts), the same one `npm run gateway`
 * serves alone.
 */
function handle(request: Request): Promise<Response> {
  return handleDoorRequest(request);
}

export { handle as DELETE, handle as GET, handle as HEAD, handle as OPTIONS, handle as PATCH, handle as POST, handle as PUT };
