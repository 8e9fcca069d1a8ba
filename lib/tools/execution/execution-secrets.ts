/**
 * Secrets at the executor's edge (SPEC §1.5 step 3, §1.8, §5): secret header values and secret
 * query values are injected into the request on the wire at the last moment (a secret query entry
 * is appended to the URL's query string, after the rendered entries), and everything the executor
 * hands back — previews, bodies, messages, causes — goes through a redactor for exactly those
 * values first, so a preview shows a secret header or query value as its mask.
 */
import { createRedactor, maskSecret, secretForms, slotIdentity, slotLocation, toWellFormedText, type Redactor } from "../../secrets";
import { headerValueProblem, secretSlotsOf, secretValues } from "../definition";
import type { RequestPreview } from "../response";
import type { ToolDefinition } from "../types";
import type { WireRequest } from "./send-request";

/**
 * Secret slot (a header name, or `?key` for a secret query key: lib/secrets/slots.ts) →
 * plaintext, asked for once per call.
 */
export type SecretSource = () => Promise<Readonly<Record<string, string>>>;

export interface InjectedSecrets {
  /** Secret header name → the value to send. */
  readonly headers: Readonly<Record<string, string>>;
  /** Secret query key → the value to send. */
  readonly query: Readonly<Record<string, string>>;
  /** Every plaintext that must never leave: injected values and the definition's own values. */
  readonly plaintexts: readonly string[];
  /** Secret slots with no value at all. */
  readonly missing: readonly string[];
  /** Secret headers whose value cannot travel in a header (a line break, a control character). */
  readonly unsendable: readonly string[];
}

const NO_SECRETS: InjectedSecrets = Object.freeze({ headers: {}, query: {}, plaintexts: [], missing: [], unsendable: [] });

function findSecret(values: Readonly<Record<string, string>>, slot: string): string | undefined {
  if (Object.hasOwn(values, slot)) return values[slot];
  const identity = slotIdentity(slot);
  return Object.entries(values).find(([key]) => slotIdentity(key) === identity)?.[1];
}

/**
 * The value of each secret slot: from `source` (a header matched case-insensitively, a query key
 * exactly), else the definition's own non-empty value. `source` is not called for a tool without
 * secrets.
 */
export async function injectSecrets(def: ToolDefinition, source: SecretSource | undefined): Promise<InjectedSecrets> {
  const slots = secretSlotsOf(def);
  if (slots.length === 0) return NO_SECRETS;
  const values = source ? await source() : {};
  const written = secretValues(def);
  const headers: Record<string, string> = {};
  const query: Record<string, string> = {};
  const plaintexts: string[] = [];
  const missing: string[] = [];
  const unsendable: string[] = [];
  for (const slot of slots) {
    const own = written[slot] ?? "";
    if (own) plaintexts.push(own);
    const value = findSecret(values, slot) || own;
    const { location, name } = slotLocation(slot);
    if (!value) missing.push(slot);
    else if (location === "query") query[name] = value;
    else if (headerValueProblem(value)) unsendable.push(slot);
    else headers[name] = value;
    if (value && value !== own) plaintexts.push(value);
  }
  return { headers, query, plaintexts, missing, unsendable };
}

/** `url` with each secret query entry appended, URL-encoded: done only for the request on the wire. */
export function withSecretQuery(url: URL, query: Readonly<Record<string, string>>): URL {
  const pairs = Object.entries(query).map(([key, value]) => `${encodeQueryPart(key)}=${encodeQueryPart(value)}`);
  if (pairs.length === 0) return url;
  const sent = new URL(url.href);
  sent.search = [sent.search.slice(1), ...pairs].filter(Boolean).join("&");
  return sent;
}

/** As rendering encodes a query entry (lone surrogates become U+FFFD rather than throwing). */
function encodeQueryPart(text: string): string {
  return encodeURIComponent(toWellFormedText(text));
}

/**
 * Redactors by secret set. Building one (every encoded form, one compiled pattern) costs far more
 * than a call's own work, and a tool's secrets rarely change between calls. Bounded, oldest out.
 */
const redactors = new Map<string, Redactor>();
const MAX_REDACTORS = 64;
const identity = (text: string): string => text;

/** A function replacing every form of every value in `plaintexts` with its mask. */
export function redactorFor(plaintexts: readonly string[]): (text: string) => string {
  if (plaintexts.length === 0) return identity;
  const key = plaintexts.join("\u0000");
  let redactor = redactors.get(key);
  if (!redactor) {
    redactor = createRedactor(plaintexts);
    if (redactors.size >= MAX_REDACTORS) redactors.delete(redactors.keys().next().value ?? "");
    redactors.set(key, redactor);
  }
  return redactor.redact;
}

/**
 * A copy of a JSON value (an extracted result) with `redact` applied to every string and key. A
 * number or boolean whose text holds a secret comes back as that text, redacted: the plaintext
 * must not leave, even at the cost of the value's type.
 */
export function redactJsonValue(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === "string") return redact(value);
  if (typeof value === "number" || typeof value === "boolean") {
    const text = String(value);
    const redacted = redact(text);
    return redacted === text ? value : redacted;
  }
  if (Array.isArray(value)) return value.map((item) => redactJsonValue(item, redact));
  if (value !== null && typeof value === "object") {
    // fromEntries defines own properties, so a key like __proto__ stays a key.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key), redactJsonValue(item, redact)]));
  }
  return value;
}

/**
 * What a caller may see of a wire request: secret headers as their mask, every secret value
 * redacted — a secret query value in the URL included (the redactor knows its URL-encoded form).
 */
export function previewOf(
  request: WireRequest,
  secretNames: ReadonlySet<string>,
  redact: (text: string) => string,
): RequestPreview {
  const headers: Record<string, string> = {};
  for (const name in request.headers) {
    const value = request.headers[name] ?? "";
    headers[name] = secretNames.has(name.toLowerCase()) ? maskSecret(value) : redact(value);
  }
  return {
    method: request.method,
    url: redact(request.url.href),
    headers,
    body: request.body === null ? null : redact(request.body),
  };
}

/** A copy of a failure fit for logs: same name, code and stack frames, its message redacted. */
export function sanitisedCause(cause: unknown, redact: (text: string) => string): Error {
  const source = cause instanceof Error ? cause : new Error(String(cause));
  const copy = new Error(redact(source.message));
  copy.name = source.name;
  const frames = (source.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  copy.stack = [`${copy.name}: ${copy.message}`, ...frames].join("\n");
  const code = (source as { code?: unknown }).code;
  if (typeof code === "string") Object.assign(copy, { code });
  return copy;
}

/**
 * A body cut at the byte cap, redacted. A secret cut in half at the cap escapes redaction, so a
 * tail as long as the longest form of any secret is dropped too.
 */
export function redactCutBody(partial: string, plaintexts: readonly string[], redact: (text: string) => string): string {
  const margin = Math.max(0, ...plaintexts.flatMap((secret) => secretForms(secret).map((form) => form.text.length)));
  const redacted = redact(partial);
  return margin === 0 ? redacted : redacted.slice(0, Math.max(0, redacted.length - margin));
}
