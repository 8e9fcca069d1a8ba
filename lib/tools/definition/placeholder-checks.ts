/**
 * Authoring-time placeholder rules (SPEC §1.2): every `{{name}}` names a top-level parameter and
 * every `{{ctx.field}}` a turn-context field from the closed list. A placeholder that resolves to
 * nothing is an error here, so it can never become a silently empty value at call time.
 */
import { CONTEXT_FIELDS, contextField, findPlaceholders, isContextReference, withoutPlaceholders } from "../placeholders";
import type { Issues } from "./definition-input";

/** Top-level parameter names, or null when the parameters are too broken to know them. */
export type ParameterNames = ReadonlySet<string> | null;

/** What placeholders may name: the top-level parameters, and which of them are required. */
export interface PlaceholderScope {
  readonly names: ParameterNames;
  /** Null when `required` is too broken to read; the path rule is then left to that problem. */
  readonly required: ParameterNames;
}

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
  if (withoutPlaceholders(text).includes("{{")) {
    issues.add(path, 'contains "{{" that does not open a well-formed placeholder: write {{name}} or {{ctx.field}}');
  }
}

/**
 * Reports each `{{name}}` in the URL path (`urlPath`, the part between host and `?`) naming an
 * optional parameter: absent, it would empty a segment and send the request to another endpoint
 * (`/orders//items`). A `{{ctx.field}}` is allowed there: rendering refuses a turn that lacks it.
 * Undeclared names are left to {@link checkPlaceholders}.
 */
export function checkPathPlaceholders(urlPath: string, path: string, scope: PlaceholderScope, issues: Issues): void {
  const { names, required } = scope;
  if (names === null || required === null) return;
  const reported = new Set<string>();
  for (const { raw, reference } of findPlaceholders(urlPath)) {
    if (!names.has(reference) || required.has(reference) || reported.has(reference)) continue;
    reported.add(reference);
    issues.add(
      path,
      `${raw} in the URL path names the optional parameter "${reference}": without it the request would go to another endpoint; make "${reference}" required, or move it to the query string`,
    );
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
