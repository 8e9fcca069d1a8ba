/**
 * Cleaning up stale tool names (SPEC §4): names in a persona's grant or disabled list that match
 * no tool any more (deleted or renamed). They are harmless — resolution skips them — but they
 * clutter the persona and would silently come back to life if a tool took the name again.
 * Operators (editors) clean the disabled list; only admins may touch the grant.
 */
import type { Actor } from "../audit/events";
import { getPersona, setPersonaDisabledTools, setPersonaGrant } from "../db/personas";
import { NotFoundError } from "../errors";
import { loadToolCatalog } from "./tool-catalog";

export interface StaleNameCleanup {
  readonly removedFromDisabled: readonly string[];
  readonly removedFromGrant: readonly string[];
  /** Stale names left in the grant because the operator may not edit it. */
  readonly leftInGrant: readonly string[];
}

/** Removes persona `slug`'s stale names: from its disabled list, and from its grant when `mayEditGrant`. */
export async function removeStaleToolNames(slug: string, actor: Actor, mayEditGrant: boolean): Promise<StaleNameCleanup> {
  const [persona, catalog] = await Promise.all([getPersona(slug), loadToolCatalog()]);
  if (!persona) throw new NotFoundError(`Persona "${slug}" does not exist.`);
  const known = new Set(catalog.map((tool) => tool.name));
  const staleDisabled = persona.disabledTools.filter((name) => !known.has(name));
  const staleGrant = Array.isArray(persona.grant) ? persona.grant.filter((name) => !known.has(name)) : [];

  if (staleDisabled.length > 0) {
    await setPersonaDisabledTools(slug, persona.disabledTools.filter((name) => known.has(name)), actor);
  }
  if (mayEditGrant && staleGrant.length > 0 && Array.isArray(persona.grant)) {
    await setPersonaGrant(slug, persona.grant.filter((name) => known.has(name)), actor);
  }
  return {
    removedFromDisabled: staleDisabled,
    removedFromGrant: mayEditGrant ? staleGrant : [],
    leftInGrant: mayEditGrant ? [] : staleGrant,
  };
}

/** One sentence on what a cleanup did, for the operator. */
export function describeCleanup(cleanup: StaleNameCleanup): string {
  const removed = [...cleanup.removedFromDisabled, ...cleanup.removedFromGrant];
  const done = removed.length > 0 ? `Removed ${removed.join(", ")}.` : "Nothing to remove.";
  return cleanup.leftInGrant.length > 0
    ? `${done} ${cleanup.leftInGrant.join(", ")} ${cleanup.leftInGrant.length === 1 ? "stays" : "stay"} in the grant: only an admin can change it.`
    : done;
}
