/**
 * Secret headers (SPEC §1.2, §5) and secret query keys (SPEC §1.8): request headers and query
 * entries whose values are credentials. The definition names them; the store encrypts their
 * values, and every exported or client-visible form carries the names with empty values.
 *
 * A secret value may not hold a placeholder: the stored value is shown masked, so a
 * template hidden in it could never be reviewed, and a model-chosen value is not a credential.
 * An empty value is valid (it is what an exported tool carries).
 *
 * No issue about a secret ever quotes its value, or any part of it: issue messages reach
 * the browser, and a credential pasted as `Bearer {{sk_live_…}}` looks like a placeholder.
 */
import { secretSlot } from "../../secrets/slots";
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
 * The query keys `secret_query` mentions, read leniently and before it is validated (as
 * {@link namedSecretHeaders}). Query keys are case-sensitive: kept as written.
 */
export function namedSecretQuery(input: unknown): ReadonlySet<string> {
  const entries: unknown[] = Array.isArray(input) ? input : [input];
  return new Set(entries.filter((entry) => typeof entry === "string"));
}

/** What tells a `secret_headers` list from a `secret_query` one. */
interface SecretList {
  readonly path: "secret_headers" | "secret_query";
  /** The request map the names come from, and its path. */
  readonly entries: Readonly<Record<string, string>>;
  readonly entriesPath: "request.headers" | "request.query";
  /** The entry named `written`, as spelled in `entries`, or undefined. */
  readonly find: (written: string) => string | undefined;
  /** "header name" / "query key". */
  readonly noun: string;
  readonly unknown: (written: string) => string;
  readonly placeholder: string;
}

/** Each entry must name one of `list.entries`; stored as spelled there, once, first-seen order. */
function parseSecretList(input: unknown, list: SecretList, issues: Issues): string[] {
  if (isAbsent(input)) return [];
  if (!Array.isArray(input)) {
    issues.add(list.path, `must be a list of ${list.noun}s from ${list.entriesPath}, found ${describeValue(input)}`);
    return [];
  }
  const names: string[] = [];
  input.forEach((entry, index) => {
    const entryPath = childPath(list.path, index);
    if (typeof entry !== "string") {
      issues.add(entryPath, `must be a ${list.noun}, found ${describeValue(entry)}`);
      return;
    }
    const name = list.find(entry);
    if (name === undefined) {
      issues.add(entryPath, list.unknown(entry));
      return;
    }
    if (names.includes(name)) return;
    names.push(name);
    if (hasPlaceholder(list.entries[name]!)) issues.add(childPath(list.entriesPath, name), list.placeholder);
  });
  return names;
}

/**
 * Reads `secret_headers` against the already-read request headers. Each entry must name one of
 * them (ignoring case); the name is stored as written in `request.headers`, once, first-seen order.
 */
export function parseSecretHeaders(input: unknown, headers: Readonly<Record<string, string>>, issues: Issues): string[] {
  const byLowerCase = new Map(Object.keys(headers).map((name) => [name.toLowerCase(), name]));
  return parseSecretList(input, {
    path: "secret_headers",
    entries: headers,
    entriesPath: "request.headers",
    find: (written) => byLowerCase.get(written.toLowerCase()),
    noun: "header name",
    unknown: (written) => `"${written}" is not a header in request.headers: add the header there first`,
    placeholder: "is a secret header, so its value cannot hold a placeholder: secrets are stored masked; keep the credential here and move the placeholder to another header",
  }, issues);
}

/**
 * Reads `secret_query` (SPEC §1.8) against the already-read `request.query`. Each entry must name
 * one of its keys exactly: unlike header names, query keys are case-sensitive (`Key` and `key`
 * are two parameters to a server), so `KEY` does not name `key`.
 */
export function parseSecretQuery(input: unknown, query: Readonly<Record<string, string>>, issues: Issues): string[] {
  return parseSecretList(input, {
    path: "secret_query",
    entries: query,
    entriesPath: "request.query",
    find: (written) => (Object.hasOwn(query, written) ? written : undefined),
    noun: "query key",
    unknown: (written) => `"${written}" is not a key in request.query (query keys are case-sensitive): add the key there first`,
    placeholder: "is a secret query key, so its value cannot hold a placeholder: secrets are stored masked; keep the credential here and move the placeholder to another key",
  }, issues);
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

/** The secret slots of `definition` (lib/secrets/slots.ts): its secret headers, then `?key` per secret query key. */
export function secretSlotsOf(definition: ToolDefinition): string[] {
  return [...definition.secretHeaders, ...definition.secretQuery.map((key) => secretSlot("query", key))];
}

/** The secret values written in `definition`, by slot. Server-side only. */
export function secretValues(definition: ToolDefinition): Record<string, string> {
  return objectFrom([
    ...definition.secretHeaders.map((name) => [name, definition.request.headers[name] ?? ""] as const),
    ...definition.secretQuery.map((key) => [secretSlot("query", key), definition.request.query[key] ?? ""] as const),
  ]);
}

/**
 * `definition` with every secret header and secret query value replaced by "" — the exported and
 * client-visible form (SPEC §5). It still parses, so an exported tool can be imported and given
 * new values.
 */
export function withoutSecretValues(definition: ToolDefinition): ToolDefinition {
  const emptied = (entries: Readonly<Record<string, string>>, secret: readonly string[]) =>
    objectFrom(Object.entries(entries).map(([name, value]) => [name, secret.includes(name) ? "" : value]));
  const request = { ...definition.request, headers: emptied(definition.request.headers, definition.secretHeaders), query: emptied(definition.request.query, definition.secretQuery) };
  return deepFreeze({ ...definition, request });
}
