import { actionFailure, actionSuccess } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import { runInPlayground, runSchema } from "@/lib/playground";
import { hasRole } from "@/lib/operators";
import { requireRole } from "@/lib/operators/session";
import { ForbiddenError } from "@/lib/errors";
import { crossSiteRefusal } from "@/lib/security/same-origin";

const STATUS_OF_FAILURE = { validation: 400, forbidden: 403, not_found: 404, conflict: 409 } as const;

/**
 * Dry-runs or fires a tool from the playground. A route handler rather than a server action
 * because its `request.signal` aborts when the browser cancels, and that signal reaches the
 * upstream call (Next's Node server aborts it when the response closes unfinished). It checks
 * the role itself (the proxy skips /api/): every role may dry-run, firing needs an editor. A
 * request from another site (or not declared JSON) is refused first: it would fire with the
 * operator's cookie and the tool's stored secrets.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    const crossSite = crossSiteRefusal(request);
    if (crossSite) throw new ForbiddenError(crossSite);
    const operator = await requireRole("viewer");
    const input = parseInput(runSchema, await request.json().catch(() => null));
    if (input.mode === "fire" && !hasRole(operator.role, "editor")) {
      throw new ForbiddenError(`Firing a tool needs the editor role; you are signed in as ${operator.role}.`);
    }
    const run = await runInPlayground({ ...input, arguments: input.arguments ?? {} }, operator, { signal: request.signal });
    return Response.json(actionSuccess(run));
  } catch (error) {
    const failure = actionFailure(error);
    const status = !failure.ok && failure.code ? STATUS_OF_FAILURE[failure.code] : 500;
    return Response.json(failure, { status });
  }
}
