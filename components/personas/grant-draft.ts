/**
 * A grant as the grant form holds it, and the rules that pick its starting choice. "No tools" is
 * a choice of its own (stored as the empty list) so a root persona's safe default reads as what it
 * is, rather than as "Chosen tools" with nothing chosen.
 */
import { defaultGrantFor, type PersonaGrant } from "@/lib/personas/grant";

export type GrantChoice = "inherit" | "none" | "all" | "tools";

/** The choice, and the names chosen when it is a list. */
export interface GrantDraft {
  readonly kind: GrantChoice;
  readonly names: readonly string[];
}

/** The form's view of a stored grant: the empty list reads as "No tools". */
export function grantDraftOf(grant: PersonaGrant): GrantDraft {
  if (grant === null) return { kind: "inherit", names: [] };
  if (grant === "all") return { kind: "all", names: [] };
  return grant.length === 0 ? { kind: "none", names: [] } : { kind: "tools", names: grant };
}

/** The stored form of a draft, with a fresh list as the grant actions take it. */
export function grantOfDraft(draft: GrantDraft): null | "all" | string[] {
  if (draft.kind === "inherit") return null;
  if (draft.kind === "all") return "all";
  return draft.kind === "none" ? [] : [...draft.names];
}

/**
 * What the new-persona dialog shows: the admin's own choice, or while they have made none, the
 * default for the parent (no tools for a root, inherit for a child).
 */
export function newPersonaGrantDraft(chosen: GrantDraft | null, parentSlug: string | null): GrantDraft {
  return chosen ?? grantDraftOf(defaultGrantFor(parentSlug));
}

/**
 * The admin's choice once the parent changes. "Inherit", chosen under a parent, is dropped when
 * the persona becomes a root: there it would mean every tool, which nobody chose; the root's
 * default (no tools) shows instead. Every other choice stays.
 */
export function grantChoiceAfterParentChange(chosen: GrantDraft | null, parentSlug: string | null): GrantDraft | null {
  return chosen?.kind === "inherit" && !parentSlug ? null : chosen;
}

/**
 * Whether to offer "inherit": under a parent, or for a root whose stored grant already inherits
 * (so its setting shows and can be kept). `stored` is undefined for a persona not yet created.
 */
export function offersInherit(parentSlug: string | null, stored?: PersonaGrant): boolean {
  return parentSlug !== null || stored === null;
}
