/**
 * Authoring-time placeholder rules (SPEC §1.2): every `{{name}}` names a top-level parameter and
 * every `{{ctx.field}}` a turn-context field from the closed list. A placeholder that resolves to
 * nothing is an error here, so it can never become a silently empty value at call time.
 */
import type { Issues } from "./definition-input";
import { CONTEXT_FIELDS, contextField, findPlaceholders, isContextReference, PLACEHOLDER_PATTERN } from "./placeholders";

/** Top-level parameter names, or null when the parameters are too broken to know them. */
export type ParameterNames = ReadonlySet<string> | null;

const CONTEXT_LIST = CONTEXT_FIELDS.map((field) => `ctx.${field}`).join(", ");

/** True when `text` holds at least one placeholder (well-formed or not). */
export function hasPlaceholder(text: string): boolean {
  return text.includes("{{");
}

/**
 * Reports every placeholder in `text` (found at `path`) that names nothing, and every `{{` that
 * does not open a well-formed placeholder. With `names` null only `ctx.` references are checked,
 * so one broken parameters schema does not flood the report.
 */
export function checkPlaceholders(text: string, path: string, names: ParameterNames, issues: Issues): void {
  for (const { raw, reference } of findPlaceholders(text)) {
    const problem = referenceProblem(raw, reference, names);
    if (problem) issues.add(path, problem);
  }
  if (text.replace(PLACEHOLDER_PATTERN, "").includes("{{")) {
    issues.add(path, 'contains "{{" that does not open a well-formed placeholder: write {{name}} or {{ctx.field}}');
  }
}

function referenceProblem(raw: string, reference: string, names: ParameterNames): string | null {
  if (reference === "") return `${raw} is an empty placeholder: write {{name}} with a parameter name`;
  if (isContextReference(reference)) {
    return contextField(reference) ? null : `${raw} names no turn-context field: use one of ${CONTEXT_LIST}`;
  }
  if (names === null || names.has(reference)) return null;
  const declared = names.size > 0 ? `; declared parameters are ${[...names].join(", ")}` : "";
  return `${raw} names no parameter: declare "${reference}" in parameters or fix the placeholder${declared}`;
}
