/**
 * Security schemes → secret headers with empty values (docs/importers.md "Security"): the
 * operator enters each value after the import; a value is never guessed. An operation's
 * `security` (else the document's) lists alternatives; the first one every scheme of which can be
 * expressed is used. An empty alternative (`{}`) means authentication is optional.
 */
import { isRecord, NotImportable } from "./not-importable";

/** A secret header an operation needs, and what to tell the operator about its value. */
export interface SecretHeader {
  readonly name: string;
  readonly note: string;
}

/**
 * The secret headers of one operation.
 *
 * @throws NotImportable when no alternative can be expressed (e.g. an API key in the query string).
 */
export function securityHeaders(operation: Record<string, unknown>, api: Record<string, unknown>): SecretHeader[] {
  const requirements = Array.isArray(operation.security) ? operation.security : Array.isArray(api.security) ? api.security : [];
  if (requirements.length === 0) return [];
  const schemes = schemeTable(api);
  let firstProblem: string | null = null;
  for (const requirement of requirements.filter(isRecord)) {
    try {
      return Object.keys(requirement).map((name) => headerFor(name, schemes[name]));
    } catch (error) {
      if (!(error instanceof NotImportable)) throw error;
      firstProblem ??= error.reason;
    }
  }
  if (requirements.some((requirement) => isRecord(requirement) && Object.keys(requirement).length === 0)) return [];
  throw new NotImportable(firstProblem ?? "its security requirements cannot be read");
}

function schemeTable(api: Record<string, unknown>): Record<string, unknown> {
  if (isRecord(api.securityDefinitions)) return api.securityDefinitions;
  const components = isRecord(api.components) ? api.components : {};
  return isRecord(components.securitySchemes) ? components.securitySchemes : {};
}

function headerFor(name: string, scheme: unknown): SecretHeader {
  if (!isRecord(scheme)) throw new NotImportable(`its security scheme ${name} is not declared`);
  const type = scheme.type;
  if (type === "apiKey") {
    if (scheme.in !== "header" || typeof scheme.name !== "string") {
      throw new NotImportable(`its security scheme ${name} sends an API key in the ${String(scheme.in)}: Quiver keeps secrets in headers only`);
    }
    return { name: scheme.name, note: `the API key (${name})` };
  }
  const httpScheme = typeof scheme.scheme === "string" ? scheme.scheme.toLowerCase() : "";
  if (type === "basic" || (type === "http" && httpScheme === "basic")) return { name: "Authorization", note: `"Basic " and the base64 of user:password (${name})` };
  if (type === "http" && httpScheme === "bearer") return { name: "Authorization", note: `"Bearer " and the token (${name})` };
  if (type === "oauth2" || type === "openIdConnect") return { name: "Authorization", note: `"Bearer " and an access token: Quiver does not run the ${String(type)} flow (${name})` };
  throw new NotImportable(`its security scheme ${name} (${String(type)}${httpScheme ? ` ${httpScheme}` : ""}) cannot be expressed as a header`);
}
