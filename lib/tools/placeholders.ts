/**
 * Placeholders (SPEC §1.2): `{{name}}` names a top-level parameter, `{{ctx.field}}` a turn-context
 * field from a closed list. Whitespace inside the braces is allowed.
 */

export const CONTEXT_FIELDS = ["chat_id", "store_id", "agent_id", "tenant", "image_url"] as const;
export type ContextField = (typeof CONTEXT_FIELDS)[number];

/** Values that come from the turn (not from the model). */
export type TurnContext = Partial<Record<ContextField, string>>;

export const CONTEXT_PREFIX = "ctx.";

/** A placeholder found in a template. */
export interface PlaceholderReference {
  /** The full match, e.g. `{{ city }}`. */
  readonly raw: string;
  /** The reference inside the braces, trimmed, e.g. `city` or `ctx.tenant`. */
  readonly reference: string;
  readonly index: number;
}

/** One character of JavaScript's `\s` class (Unicode spaces and line terminators). */
const WHITESPACE = /^\s$/;
const isWhitespace = (char: string) => WHITESPACE.test(char);
const isReferenceChar = (char: string) => char !== "{" && char !== "}" && !isWhitespace(char);

/**
 * Every placeholder in `template`, in order of appearance: `{{`, optional whitespace, a reference
 * without braces or whitespace, optional whitespace, `}}` — leftmost first, never overlapping.
 *
 * A loop rather than a regular expression: the pattern `\{\{\s*([^{}\s]*)\s*\}\}` backtracks
 * quadratically on `{{` followed by many spaces, and editors write the templates that every call
 * scans. Each failed attempt scans a stretch without `{`, and the next `{{` lies beyond it, so
 * the whole scan reads each character a bounded number of times.
 */
export function findPlaceholders(template: string): PlaceholderReference[] {
  const found: PlaceholderReference[] = [];
  let open = template.indexOf("{{");
  while (open >= 0) {
    let cursor = open + 2;
    while (cursor < template.length && isWhitespace(template[cursor]!)) cursor++;
    const referenceStart = cursor;
    while (cursor < template.length && isReferenceChar(template[cursor]!)) cursor++;
    const referenceEnd = cursor;
    while (cursor < template.length && isWhitespace(template[cursor]!)) cursor++;
    if (template.startsWith("}}", cursor)) {
      found.push({ raw: template.slice(open, cursor + 2), reference: template.slice(referenceStart, referenceEnd), index: open });
      open = template.indexOf("{{", cursor + 2);
    } else {
      open = template.indexOf("{{", open + 1);
    }
  }
  return found;
}

/** `text` with each placeholder replaced by `replacement`: the literal parts, for checks that judge only those. */
export function withoutPlaceholders(text: string, replacement = ""): string {
  let result = "";
  let from = 0;
  for (const { raw, index } of findPlaceholders(text)) {
    result += text.slice(from, index) + replacement;
    from = index + raw.length;
  }
  return result + text.slice(from);
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
