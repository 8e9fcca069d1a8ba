/**
 * Persona ancestry: personas form a tree through their parent, and grant resolution walks from a
 * persona up to its root. A cycle would make that walk endless and the "inherited" grant
 * meaningless, so a persona can never be its own ancestor.
 */
import { NotFoundError, ValidationError } from "../errors";

/** The part of a persona that places it in the tree. */
export interface PersonaNode {
  readonly slug: string;
  readonly parentSlug: string | null;
}

/**
 * The cycle that giving `slug` the parent `parentSlug` would create, as the slugs along it
 * (`["a", "b", "a"]`), or null when the change is safe. `parentOf` reads the current tree; a walk
 * that meets an existing cycle elsewhere stops rather than looping.
 */
export function findParentCycle(
  slug: string,
  parentSlug: string | null,
  parentOf: (slug: string) => string | null | undefined,
): string[] | null {
  const path = [slug];
  const visited = new Set<string>();
  for (let current = parentSlug; current != null && !visited.has(current); current = parentOf(current) ?? null) {
    path.push(current);
    if (current === slug) return path;
    visited.add(current);
  }
  return null;
}

/**
 * The persona named `slug`, then its parent, grandparent… up to the root: the chain
 * `resolvePersonaTools` reads.
 *
 * @throws NotFoundError when `slug` or a parent along the way does not exist.
 * @throws ValidationError when the stored tree has a cycle through `slug`'s ancestors.
 */
export function personaChain<T extends PersonaNode>(slug: string, personas: ReadonlyMap<string, T>): T[] {
  const chain: T[] = [];
  let current: string | null = slug;
  while (current !== null) {
    const slugs = chain.map((persona) => persona.slug);
    if (slugs.includes(current)) {
      throw new ValidationError([{ path: "parent", message: `persona "${current}" is its own ancestor (${[...slugs, current].join(" → ")})` }]);
    }
    const persona = personas.get(current);
    const child = chain.at(-1);
    if (!persona) {
      throw new NotFoundError(
        child ? `Persona "${child.slug}" names a parent "${current}" that does not exist.` : `Persona "${current}" does not exist.`,
      );
    }
    chain.push(persona);
    current = persona.parentSlug;
  }
  return chain;
}
