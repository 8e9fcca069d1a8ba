/**
 * Personas in tree order for the list: each root, then its children (by slug) under it, each
 * with its depth, so a flat table can show the tree by indentation. A persona whose parent is
 * missing, or that sits on a cycle written outside lib/db, is listed as a root rather than lost.
 */
import type { PersonaNode } from "./chain";

/** `personas` ordered depth-first by slug, with their depth (0 for roots). */
export function treeOrder<T extends PersonaNode>(personas: readonly T[]): { readonly persona: T; readonly depth: number }[] {
  const slugs = new Set(personas.map((persona) => persona.slug));
  const sorted = [...personas].sort((a, b) => a.slug.localeCompare(b.slug));
  const childrenOf = new Map<string | null, T[]>();
  for (const persona of sorted) {
    const parent = persona.parentSlug !== null && slugs.has(persona.parentSlug) ? persona.parentSlug : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), persona]);
  }
  const ordered: { persona: T; depth: number }[] = [];
  const placed = new Set<string>();
  const visit = (persona: T, depth: number) => {
    if (placed.has(persona.slug)) return;
    placed.add(persona.slug);
    ordered.push({ persona, depth });
    for (const child of childrenOf.get(persona.slug) ?? []) visit(child, depth + 1);
  };
  for (const root of childrenOf.get(null) ?? []) visit(root, 0);
  // Personas on a stored cycle are reachable from no root: list them rather than hide them.
  for (const persona of sorted) visit(persona, 0);
  return ordered;
}

/** A slug suggested from a persona's name: lower-case ASCII letters, digits and single dashes, at most 64. */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/, "");
}
