/**
 * Placeholders (SPEC §1.2): `{{name}}` names a top-level parameter, `{{ctx.field}}` a turn-context
 * field from a closed list. Whitespace inside the braces is allowed.
 */

export const CONTEXT_FIELDS = ["chat_id", "store_id", "agent_id", "tenant", "image_url"] as const;
export type ContextField = (typeof CONTEXT_FIELDS)[number];

/** Values that come from the turn (not from the model). */
export type TurnContext = Partial<Record<ContextField, string>>;

export const CONTEXT_PREFIX = "ctx.";

/** Matches one placeholder; group 1 is the reference with surrounding whitespace removed. */
export const PLACEHOLDER_PATTERN = /\{\{\s*([^{}\s]*)\s*\}\}/g;

/** A placeholder found in a template. */
export interface PlaceholderReference {
  /** The full match, e.g. `{{ city }}`. */
  readonly raw: string;
  /** The reference inside the braces, trimmed, e.g. `city` or `ctx.tenant`. */
  readonly reference: string;
  readonly index: number;
}

/** Every placeholder in `template`, in order of appearance. */
export function findPlaceholders(template: string): PlaceholderReference[] {
  return [...template.matchAll(PLACEHOLDER_PATTERN)].map((match) => ({
    raw: match[0],
    reference: match[1] ?? "",
    index: match.index,
  }));
}

/**
 * When `template` is exactly one placeholder, its reference. Text around it, even whitespace, makes
 * it text: `" {{n}} "` renders as text (typed substitution and dropping an absent value apply only
 * to a value that is the placeholder and nothing else).
 */
export function soleReference(template: string): string | null {
  const found = findPlaceholders(template);
  return found.length === 1 && found[0]!.raw === template ? found[0]!.reference : null;
}

/** True when `reference` names a turn-context field (`ctx.tenant`). */
export function isContextReference(reference: string): boolean {
  return reference.startsWith(CONTEXT_PREFIX);
}

/** The context field a `ctx.` reference names, or null when it is not one of the closed list. */
export function contextField(reference: string): ContextField | null {
  const field = reference.slice(CONTEXT_PREFIX.length);
  return (CONTEXT_FIELDS as readonly string[]).includes(field) ? (field as ContextField) : null;
}
