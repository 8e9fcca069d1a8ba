/**
 * Security schemes → what a tool needs to authenticate (docs/importers.md "Security"): secret
 * headers with empty values; for an API key sent in the query, a secret query key of the tool's
 * own, or — when several operations use the scheme — a shared credential of kind `query` (SPEC
 * §5.1) that every operation of the document using that scheme names; Basic auth as a shared
 * `basic` credential. The operator
 * enters each value after the import; a value is never guessed. An operation's `security` (else
 * the document's) lists alternatives; the first one every scheme of which can be expressed is
 * used. An empty alternative (`{}`) means authentication is optional.
 */
import { snakeCase } from "./naming";
import { isRecord, NotImportable } from "./not-importable";

/** A secret header an operation needs, and what to tell the operator about its value. */
export interface SecretHeader {
  readonly name: string;
  readonly note: string;
}

/**
 * A shared credential the tool names (`auth.credential`): an API key that travels in the query, or
 * Basic auth — with the user name when the source gives one (a Postman collection), else `""`: the
 * operator types it in the picker's "Missing credentials" block. Created empty by the import when
 * the operator asks, its secret entered on the Credentials page.
 */
export type ProposedCredential =
  | {
      readonly name: string;
      readonly kind: "query";
      /** The query parameter that carries the key (`key`, `api_key`…). */
      readonly parameterName: string;
      readonly note: string;
    }
  | { readonly name: string; readonly kind: "basic"; readonly username: string; readonly note: string };

/** How one operation authenticates: its secret headers, its secret query keys (`secret_query`) and at most one shared credential. */
export interface SecurityNeeds {
  readonly headers: SecretHeader[];
  readonly query: SecretHeader[];
  readonly credential: ProposedCredential | null;
}

/** A scheme's need; a credential that cannot be used beside another may fall back to a secret header. */
type SchemeNeed = { readonly header: SecretHeader } | { readonly queryKey: SecretHeader } | { readonly credential: ProposedCredential; readonly fallback?: SecretHeader };

/** Longest part of a credential name taken from the document's title. */
const TITLE_PART = 30;

const NO_NEEDS: SecurityNeeds = { headers: [], query: [], credential: null };

/** The security alternatives that apply to an operation: its own `security`, else the document's. */
function requirementsOf(operation: Record<string, unknown>, api: Record<string, unknown>): unknown[] {
  return Array.isArray(operation.security) ? operation.security : Array.isArray(api.security) ? api.security : [];
}

/** The security schemes more than one of `operations` may use: an API key in the query of such a scheme is one shared credential. */
export function sharedSchemeNames(api: Record<string, unknown>, operations: readonly Record<string, unknown>[]): Set<string> {
  const uses = new Map<string, number>();
  for (const operation of operations) {
    const names = new Set(requirementsOf(operation, api).filter(isRecord).flatMap((requirement) => Object.keys(requirement)));
    for (const name of names) uses.set(name, (uses.get(name) ?? 0) + 1);
  }
  return new Set([...uses].filter(([, count]) => count > 1).map(([name]) => name));
}

/**
 * What one operation needs. `title` is the document's: a query credential is named after it and
 * the scheme (`maps_api_key`), so the operations sharing a scheme share one credential. An API key
 * in the query of a scheme no other operation uses (`shared` does not name it) is the tool's own
 * secret query key instead (`secret_query`, SPEC §1.8).
 *
 * @throws NotImportable when no alternative can be expressed (e.g. an API key in a cookie).
 */
export function securityNeeds(operation: Record<string, unknown>, api: Record<string, unknown>, title: string, shared: ReadonlySet<string> = new Set()): SecurityNeeds {
  const requirements = requirementsOf(operation, api);
  if (requirements.length === 0) return NO_NEEDS;
  const schemes = schemeTable(api);
  let firstProblem: string | null = null;
  for (const requirement of requirements.filter(isRecord)) {
    try {
      return alternativeNeeds(Object.keys(requirement).map((name) => needOf(name, schemes[name], title, shared.has(name))));
    } catch (error) {
      if (!(error instanceof NotImportable)) throw error;
      firstProblem ??= error.reason;
    }
  }
  if (requirements.some((requirement) => isRecord(requirement) && Object.keys(requirement).length === 0)) return NO_NEEDS;
  throw new NotImportable(firstProblem ?? "its security requirements cannot be read");
}

/**
 * The needs of one alternative, whose schemes all apply together: a tool names one credential at
 * most, so beside a query key, Basic auth is an `Authorization` secret header instead.
 */
function alternativeNeeds(schemeNeeds: readonly SchemeNeed[]): SecurityNeeds {
  const several = schemeNeeds.filter((need) => "credential" in need).length > 1;
  const needs = several ? schemeNeeds.map((need) => ("fallback" in need && need.fallback ? { header: need.fallback } : need)) : schemeNeeds;
  const credentials = needs.flatMap((need) => ("credential" in need ? [need.credential] : []));
  if (credentials.length > 1) {
    throw new NotImportable(`it sends ${credentials.length} API keys in the query (${credentials.map((credential) => (credential.kind === "query" ? credential.parameterName : credential.name)).join(", ")}), and a tool takes one shared credential`);
  }
  return {
    headers: needs.flatMap((need) => ("header" in need ? [need.header] : [])),
    query: needs.flatMap((need) => ("queryKey" in need ? [need.queryKey] : [])),
    credential: credentials[0] ?? null,
  };
}

function schemeTable(api: Record<string, unknown>): Record<string, unknown> {
  if (isRecord(api.securityDefinitions)) return api.securityDefinitions;
  const components = isRecord(api.components) ? api.components : {};
  return isRecord(components.securitySchemes) ? components.securitySchemes : {};
}

/** The name of a shared credential a document proposes: its title and what it is (a scheme's name, `basic`), snake-cased (`maps_platform_api_key`). */
export function sharedCredentialName(title: string, scheme: string): string {
  return `${snakeCase(title, "api").slice(0, TITLE_PART).replace(/_+$/, "")}_${snakeCase(scheme, "key")}`.slice(0, 64).replace(/_+$/, "");
}

function needOf(name: string, scheme: unknown, title: string, shared: boolean): SchemeNeed {
  if (!isRecord(scheme)) throw new NotImportable(`its security scheme ${name} is not declared`);
  const type = scheme.type;
  if (type === "apiKey") {
    if (typeof scheme.name !== "string" || scheme.name === "") throw new NotImportable(`its security scheme ${name} does not say where its API key goes`);
    if (scheme.in === "header") return { header: { name: scheme.name, note: `the API key (${name})` } };
    if (scheme.in === "query") {
      if (!shared) return { queryKey: { name: scheme.name, note: `the API key (${name})` } };
      return { credential: { name: sharedCredentialName(title, name), kind: "query", parameterName: scheme.name, note: `the API key sent as ?${scheme.name}= (${name})` } };
    }
    throw new NotImportable(`its security scheme ${name} sends an API key in the ${String(scheme.in)}: Quiver sends secrets in headers or the query only`);
  }
  const httpScheme = typeof scheme.scheme === "string" ? scheme.scheme.toLowerCase() : "";
  const header = (note: string): SchemeNeed => ({ header: { name: "Authorization", note } });
  if (type === "basic" || (type === "http" && httpScheme === "basic")) {
    return {
      credential: { name: sharedCredentialName(title, name), kind: "basic", username: "", note: `Basic auth: a user name and password (${name})` },
      fallback: { name: "Authorization", note: `"Basic " and the base64 of user:password (${name})` },
    };
  }
  if (type === "http" && httpScheme === "bearer") return header(`"Bearer " and the token (${name})`);
  if (type === "oauth2" || type === "openIdConnect") return header(`"Bearer " and an access token: Quiver does not run the ${String(type)} flow (${name})`);
  throw new NotImportable(`its security scheme ${name} (${String(type)}${httpScheme ? ` ${httpScheme}` : ""}) cannot be expressed as a header`);
}

