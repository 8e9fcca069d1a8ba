/**
 * Redaction (SPEC §5): replaces every known secret value in a string with its mask, including the
 * forms a secret takes inside a URL, a JSON string, HTML or a base64 blob (see `forms.ts` for the
 * full list and its limits), so upstream responses, error messages, logs, curl commands and
 * audit entries never carry plaintext.
 *
 * Guarantee: the output contains no form of any given secret. Two cases need care:
 * - The mask shows the secret's last four characters, and those plus the text after them can
 *   spell the secret again (runs of one repeated character, or one secret ending where another begins). The
 *   result is checked, and when that happens the text is redacted again with tail-less masks.
 * - A secret may itself contain `•`. Masks then use the first marker that appears in no form
 *   (`*`, `#`, …), so a mask can never spell a secret. With a marker absent from every form,
 *   a single left-to-right pass that always takes the longest form leaves no form behind.
 */
import { secretForms } from "./forms";
import { MASK_CHARACTER, MASK_PREFIX_LENGTH, visibleTail } from "./mask";

/** A redactor for one set of secrets, with its search pattern compiled once (for logs). */
export interface Redactor {
  /** `text` with every form of every secret replaced by that secret's mask. */
  redact(text: string): string;
  /** A deep copy of a JSON-like value (audit before/after) with every string and key redacted. */
  redactValue<T>(value: T): T;
}

const MARKER_CANDIDATES = [MASK_CHARACTER, "*", "#", "~", "x"];

/** Redacts nothing: for no secrets (an agent's call that read none makes one per call, so it is shared). */
const NOTHING_TO_REDACT: Redactor = { redact: (text) => text, redactValue: (value) => value };

/** Precomputes the forms of `secrets` for repeated redaction. Empty secrets are ignored. */
export function createRedactor(secrets: readonly string[]): Redactor {
  if (secrets.length === 0) return NOTHING_TO_REDACT;
  const owners = formOwners(secrets);
  if (owners.size === 0) return NOTHING_TO_REDACT;

  // Longest first, so a form that contains another (a padded base64 and its core) wins.
  const alternatives = [...owners.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(alternatives.join("|"), "g");
  const probe = new RegExp(alternatives.join("|"));
  const prefix = pickMarker(owners.keys()).repeat(MASK_PREFIX_LENGTH);
  const masks = new Map([...new Set(owners.values())].map((secret) => [secret, prefix + visibleTail(secret)]));

  const redact = (text: string): string => {
    if (!probe.test(text)) return text;
    const masked = text.replace(pattern, (form) => masks.get(owners.get(form) ?? "") ?? prefix);
    return probe.test(masked) ? text.replace(pattern, prefix) : masked;
  };
  const redactValue = (value: unknown): unknown => {
    if (typeof value === "string") return redact(value);
    if (Array.isArray(value)) return value.map(redactValue);
    if (isPlainObject(value)) {
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [redact(key), redactValue(entry)]));
    }
    return value;
  };
  return { redact, redactValue: <T>(value: T) => redactValue(value) as T };
}

/** `text` with every form of every secret in `secrets` replaced by that secret's mask. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return createRedactor(secrets).redact(text);
}

/** Each form's text → the secret whose mask replaces it (the longer secret when two share a form). */
function formOwners(secrets: readonly string[]): Map<string, string> {
  const owners = new Map<string, string>();
  const bySize = [...new Set(secrets)].sort((a, b) => b.length - a.length);
  for (const secret of bySize) {
    for (const form of secretForms(secret)) if (!owners.has(form.text)) owners.set(form.text, secret);
  }
  return owners;
}

/** The first candidate character (then any code point from U+2580 on) that no form contains. */
function pickMarker(forms: Iterable<string>): string {
  const used = new Set<string>();
  for (const form of forms) for (const character of form) used.add(character);
  const free = MARKER_CANDIDATES.find((candidate) => !used.has(candidate));
  if (free) return free;
  let codePoint = 0x2580;
  while (used.has(String.fromCodePoint(codePoint)) || (codePoint >= 0xd800 && codePoint <= 0xdfff)) codePoint += 1;
  return String.fromCodePoint(codePoint);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
