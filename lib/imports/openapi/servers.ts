/**
 * Base URLs (docs/importers.md "Servers"): OpenAPI 3 `servers` (operation, then path, then
 * document level) with every `{variable}` filled with its default; Swagger 2.0 `schemes` + `host`
 * + `basePath`. A relative URL is resolved against the URL the document was fetched from. Only
 * absolute http(s) results are usable: scheme and host of a tool are literal (SPEC §1.2).
 */
import { isRecord, NotImportable } from "./not-importable";

/** One server the document declares, as the operator picks it. */
export interface ServerChoice {
  /** As written, variables unfilled: `https://{region}.api.example.com/v1`. */
  readonly template: string;
  readonly description: string | null;
  /** Variables filled with their defaults and resolved against the document URL; null when it cannot be. */
  readonly url: string | null;
}

/** The document-level servers (OpenAPI 3) or the one Swagger 2.0 base. */
export function documentServers(api: Record<string, unknown>, documentUrl: string | null): ServerChoice[] {
  if (typeof api.swagger === "string") {
    const template = swaggerBase(api, documentUrl);
    return [{ template, description: null, url: resolveServer(template, documentUrl) }];
  }
  return serverList(api.servers).map((server) => ({
    template: server.url,
    description: server.description,
    url: resolveServer(fillVariables(server.url, server.variables), documentUrl),
  }));
}

interface Server {
  readonly url: string;
  readonly description: string | null;
  readonly variables: Record<string, unknown>;
}

function serverList(value: unknown): Server[] {
  const list = Array.isArray(value) && value.length > 0 ? value : [{ url: "/" }];
  return list.filter(isRecord).map((server) => ({
    url: typeof server.url === "string" ? server.url : "/",
    description: typeof server.description === "string" ? server.description : null,
    variables: isRecord(server.variables) ? server.variables : {},
  }));
}

/**
 * The base URL of one operation: its own or its path's `servers` when declared (their first),
 * else the document's server the operator chose (`base`).
 *
 * @throws NotImportable when that base is not an absolute http(s) URL.
 */
export function operationBase(operation: Record<string, unknown>, pathItem: Record<string, unknown>, base: string | null, documentUrl: string | null): string {
  const own = Array.isArray(operation.servers) && operation.servers.length > 0 ? operation.servers : Array.isArray(pathItem.servers) && pathItem.servers.length > 0 ? pathItem.servers : null;
  if (own) {
    const [server] = serverList(own);
    const url = resolveServer(fillVariables(server!.url, server!.variables), documentUrl);
    if (url === null) throw new NotImportable(`its server ${server!.url} is not an absolute http(s) URL (a relative one needs the document's URL)`);
    return url;
  }
  if (base === null) throw new NotImportable("the document has no absolute http(s) server URL: fetch it from its URL, or enter a base URL");
  return base;
}

/** `{name}` replaced by the variable's default (or its first enum value); an unknown variable stays, and fails resolution. */
export function fillVariables(template: string, variables: Record<string, unknown>): string {
  return template.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    if (!isRecord(variable)) return whole;
    if (typeof variable.default === "string") return variable.default;
    return Array.isArray(variable.enum) && typeof variable.enum[0] === "string" ? variable.enum[0] : whole;
  });
}

/** An absolute http(s) URL without a trailing slash, or null. */
export function resolveServer(url: string, documentUrl: string | null): string | null {
  if (/[{}]/.test(url)) return null;
  let resolved: URL;
  try {
    resolved = documentUrl ? new URL(url, documentUrl) : new URL(url);
  } catch {
    return null;
  }
  if (resolved.protocol !== "http:" && resolved.protocol !== "https:") return null;
  resolved.search = "";
  resolved.hash = "";
  return resolved.toString().replace(/\/+$/, "");
}

function swaggerBase(api: Record<string, unknown>, documentUrl: string | null): string {
  const schemes = Array.isArray(api.schemes) ? api.schemes : [];
  const fallback = documentUrl ? new URL(documentUrl).protocol.replace(":", "") : "https";
  const scheme = schemes.includes("https") ? "https" : typeof schemes[0] === "string" ? schemes[0] : fallback;
  const basePath = typeof api.basePath === "string" ? api.basePath : "";
  return typeof api.host === "string" ? `${scheme}://${api.host}${basePath}` : basePath || "/";
}
