/**
 * A persona's grant as it is stored (SPEC §4), and the grant a new persona starts with (issue 26).
 *
 * A new root persona starts with no tools. "Inherit" on a root has nothing to inherit from and
 * resolves to every registered tool, side-effecting ones included; as a default that handed a
 * fresh agent profile everything silently. A root now has to be granted its tools, or "every tool"
 * chosen knowingly.
 *
 * A new child starts inheriting its parent's grant. The parent's grant is the family's ceiling,
 * already chosen by an admin, so inheriting grants the child nothing the family does not already
 * have; copying the list instead would freeze it, and a later narrowing of the family would miss
 * the child.
 */

/** null inherits the parent's grant (a root that inherits gets every tool), "all", or tool names ([] grants none). */
export type PersonaGrant = null | "all" | readonly string[];

/**
 * The grant of a new persona whose creator named none: no tools for a root, the parent's for a
 * child (see the module comment for why).
 */
export function defaultGrantFor(parentSlug: string | null | undefined): PersonaGrant {
  return parentSlug ? null : [];
}
