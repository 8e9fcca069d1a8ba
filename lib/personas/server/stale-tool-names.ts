import "server-only";
/**
 * Cleaning up stale tool names (SPEC §4): names in a persona's grant or disabled list that match
 * no tool any more (deleted or renamed). They are harmless — resolution skips them — but they
 * clutter the persona and would silently come back to life if a tool took the name again.
 * Operators (editors) clean the disabled list; only admins may touch the grant.
 */
import type { Actor } from "../../audit";
import { removeStalePersonaToolNames, type StaleNameCleanup } from "./persona-maintenance";
import { loadToolCatalog } from "../../catalog";

export type { StaleNameCleanup };

/**
 * Removes persona `slug`'s stale names: from its disabled list, and from its grant when
 * `mayEditGrant`. Which names are stale is decided inside the write's transaction, against the
 * catalog read just before, so a concurrent toggle is never undone.
 */
export async function removeStaleToolNames(slug: string, actor: Actor, mayEditGrant: boolean): Promise<StaleNameCleanup> {
  const known = new Set((await loadToolCatalog()).map((tool) => tool.name));
  return removeStalePersonaToolNames(slug, (name) => known.has(name), mayEditGrant, actor);
}

/** One sentence on what a cleanup did, for the operator. */
export function describeCleanup(cleanup: StaleNameCleanup): string {
  const removed = [...cleanup.removedFromDisabled, ...cleanup.removedFromGrant];
  const done = removed.length > 0 ? `Removed ${removed.join(", ")}.` : "Nothing to remove.";
  return cleanup.leftInGrant.length > 0
    ? `${done} ${cleanup.leftInGrant.join(", ")} ${cleanup.leftInGrant.length === 1 ? "stays" : "stay"} in the grant: only an admin can change it.`
    : done;
}
