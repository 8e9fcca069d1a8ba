import type { ActionResult } from "@/lib/actions/action-result";
import type { PlaygroundMode, PlaygroundRunView } from "@/lib/playground/playground-types";

export interface RunRequest {
  readonly toolName: string;
  readonly mode: PlaygroundMode;
  readonly arguments: unknown;
  readonly context: Record<string, string>;
}

/** The route that runs a tool: a route handler rather than an action, so aborting the fetch aborts the upstream call. */
export const PLAYGROUND_RUNS_PATH = "/api/playground/runs";

/**
 * Asks the server to dry-run or fire. Resolves to the route's ActionResult; rejects with an
 * AbortError when `signal` aborts (Cancel).
 */
export async function requestRun(input: RunRequest, signal: AbortSignal): Promise<ActionResult<PlaygroundRunView>> {
  const response = await fetch(PLAYGROUND_RUNS_PATH, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
    signal,
  });
  try {
    return (await response.json()) as ActionResult<PlaygroundRunView>;
  } catch {
    return { ok: false, errors: [], message: `The server answered ${response.status} without a result. Try again.` };
  }
}
