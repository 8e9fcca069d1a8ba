/**
 * Secret headers (SPEC §1.2, §5): request headers whose values are credentials. The definition
 * names them; the store encrypts their values, and every exported or client-visible form carries
 * the names with empty values.
 *
 * A secret header's value may not hold a placeholder: the stored value is shown masked, so a
 * template hidden in it could never be reviewed, and a model-chosen value is not a credential.
 * An empty value is valid (it is what an exported tool carries).
 *
 * No issue about a secret header ever quotes its value, or any part of it: issue messages reach
 * the browser, and a credential pasted as `Bearer {{sk_live_…}}` looks like a placeholder.
 */
import type { ToolDefinition } from "../types";
import { childPath, describeValue, isAbsent, type Issues, deepFreeze, objectFrom } from "./definition-input";
import { hasPlaceholder } from "./placeholder-checks";

/**
 * The lower-cased header names `secret_headers` mentions, read leniently and before it is
 * validated: the request's header values are checked first and must know which ones are secret,
 * and a malformed entry (a bare name instead of a list) still marks that header's value as a
 * credential not to be quoted.
 */
export function namedSecretHeaders(input: unknown): ReadonlySet<string> {
  const entries: unknown[] = Array.isArray(input) ? input : [input];
  return new Set(entries.filter((entry) => typeof entry === "string").map((entry) => entry.toLowerCase()));
}

/**
 * Reads `secret_headers` against the already-read request headers. Each entry must name one of
 * them (ignoring case); the name is stored as written in `request.headers`, once, first-seen order.
 */
export function parseSecretHeaders(input: unknown, headers: Readonly<Record<string, string>>, issues: Issues): string[] {
  const path = "secret_headers";
  if (isAbsent(input)) return [];
  if (!Array.isArray(input)) {
    issues.add(path, `must be a list of header names from request.headers, found ${describeValue(input)}`);
    return [];
  }
  const byLowerCase = new Map(Object.keys(headers).map((name) => [name.toLowerCase(), name]));
  const names: string[] = [];
  input.forEach((entry, index) => {
    const entryPath = childPath(path, index);
    if (typeof entry !== "string") {
      issues.add(entryPath, `must be a header name, found ${describeValue(entry)}`);
      return;
    }
    const name = byLowerCase.get(entry.toLowerCase());
    if (name === undefined) {
      issues.add(entryPath, `"${entry}" is not a header in request.headers: add the header there first`);
      return;
    }
    if (names.includes(name)) return;
    names.push(name);
    if (hasPlaceholder(headers[name]!)) {
      issues.add(
        childPath("request.headers", name),
        "is a secret header, so its value cannot hold a placeholder: secrets are stored masked; keep the credential here and move the placeholder to another header",
      );
    }
  });
  return names;
}

const lowerCaseNames = new WeakMap<ToolDefinition, ReadonlySet<string>>();

/**
 * The secret header names of `definition`, lower-cased: header names ignore case, so this is the
 * set every "is this header secret?" question asks. Computed once per definition.
 */
export function secretHeaderNamesOf(definition: ToolDefinition): ReadonlySet<string> {
  let names = lowerCaseNames.get(definition);
  if (!names) {
    names = new Set(definition.secretHeaders.map((name) => name.toLowerCase()));
    lowerCaseNames.set(definition, names);
  }
  return names;
}

/** The secret header values of `definition`: header name as written → value. Server-side only. */
export function secretHeaderValues(definition: ToolDefinition): Record<string, string> {
  return objectFrom(definition.secretHeaders.map((name) => [name, definition.request.headers[name] ?? ""]));
}

/**
 * `definition` with every secret header value replaced by "" — the exported and client-visible
 * form (SPEC §5). It still parses, so an exported tool can be imported and given new values.
 */
export function withoutSecretValues(definition: ToolDefinition): ToolDefinition {
  const secrets = new Set(definition.secretHeaders);
  const headers = objectFrom(
    Object.entries(definition.request.headers).map(([name, value]) => [name, secrets.has(name) ? "" : value]),
  );
  return deepFreeze({ ...definition, request: { ...definition.request, headers } });
}
