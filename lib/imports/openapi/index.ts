/**
 * OpenAPI / Swagger → tools (issue 13, docs/importers.md): every operation of a document listed
 * with either the tool it becomes (already accepted by parseToolDefinition) or the specific
 * reason it cannot become one. Framework-free and server-side (swagger-parser is Node code): the
 * result is plain data for the import page.
 */
import type { PersistedToolDefinition } from "../../tools";
import { loadOpenApiDocument } from "./load";
import { NameSet, suggestedToolName } from "./naming";
import { isRecord, NotImportable } from "./not-importable";
import { mapOperation } from "./operation";
import { sharedSchemeNames, type ProposedCredential, type SecretHeader } from "./security";
import { documentServers, resolveServer, type ServerChoice } from "./servers";

export { MAX_DOCUMENT_LENGTH } from "./load";
export { NotImportable } from "./not-importable";
export type { ServerChoice } from "./servers";
export type { ProposedCredential, SecretHeader } from "./security";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** What the picker shows of every operation. */
export interface OperationEntry {
  /** `GET /pets/{petId}` (`POST /pets · cat` for one shape of a body of several): unique in the document. */
  readonly key: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string | null;
  /** The first tag; null when untagged. */
  readonly tag: string | null;
}

export type InspectedOperation =
  | (OperationEntry & {
      readonly importable: true;
      readonly tool: PersistedToolDefinition;
      readonly warnings: readonly string[];
      readonly secrets: readonly SecretHeader[];
      /** Secret query keys to fill after the import (an API key in the query of a scheme no other operation uses); absent when none. */
      readonly secretQuery?: readonly SecretHeader[];
      readonly credential: ProposedCredential | null;
      readonly responseFields: readonly string[];
      /** The body shape this tool sends, when the operation's body is one of several; null otherwise. */
      readonly shape: string | null;
    })
  | (OperationEntry & { readonly importable: false; readonly reason: string });

export interface InspectedDocument {
  /** What the document is: its requests are read by the OpenAPI or the Postman importer. */
  readonly kind: "openapi" | "postman";
  readonly title: string;
  readonly version: string;
  readonly servers: readonly ServerChoice[];
  /** The base URL the tools use (the chosen server, or the operator's own), null when none is usable. */
  readonly base: string | null;
  /** What the operator should know about the document as a whole (it failed strict validation, say). */
  readonly warnings: readonly string[];
  readonly operations: readonly InspectedOperation[];
  /** A Postman collection's variables with the values the tools use (the operator may change them); none for OpenAPI. */
  readonly variables: readonly { readonly name: string; readonly value: string; readonly description: string }[];
}

export interface InspectOptions {
  /** Where the document was fetched from: relative server URLs resolve against it. */
  readonly documentUrl?: string | null;
  /** Index into the document's servers (default 0). */
  readonly server?: number;
  /** A base URL that replaces the document's servers (an absolute http(s) URL). */
  readonly baseUrl?: string | null;
}

/**
 * Every operation of the document in `text`, each as a tool or with the reason it is not importable.
 *
 * @throws NotImportable when the document itself cannot be read.
 */
export async function inspectOpenApi(text: string, options: InspectOptions = {}): Promise<InspectedDocument> {
  const { api, title, version, lenient, warnings } = await loadOpenApiDocument(text);
  const documentUrl = options.documentUrl ?? null;
  const servers = documentServers(api, documentUrl);
  const base = chosenBase(servers, options);
  const routes = listRoutes(api);
  const sharedSchemes = sharedSchemeNames(api, routes.map((route) => route.operation));
  const names = new NameSet();
  const operations = routes.flatMap((route): InspectedOperation[] => {
    const entry = routeEntry(route);
    const name = names.claim(suggestedToolName(route.operation.operationId, route.method, route.path));
    try {
      // A body of several shapes is one entry per shape, each a tool of its own name.
      return mapOperation({ api, ...route, name, base, documentUrl, title, sharedSchemes }).map((mapped) =>
        mapped.shape === null
          ? { ...entry, importable: true, ...mapped }
          : { ...entry, key: `${entry.key} · ${mapped.shape}`, importable: true, ...mapped, tool: { ...mapped.tool, name: names.claim(mapped.tool.name) } },
      );
    } catch (error) {
      if (error instanceof NotImportable) return [{ ...entry, importable: false, reason: error.reason }];
      // A document read leniently may break the shapes OpenAPI promises anywhere: the operation is refused, not the import.
      if (lenient) return [{ ...entry, importable: false, reason: "it does not follow OpenAPI's shape closely enough to be read (the document failed validation)" }];
      throw error;
    }
  });
  return { kind: "openapi", title, version, servers, base, warnings, operations, variables: [] };
}

function chosenBase(servers: readonly ServerChoice[], options: InspectOptions): string | null {
  if (options.baseUrl) {
    const url = resolveServer(options.baseUrl.trim(), null);
    if (url === null) throw new NotImportable("the base URL must be an absolute http(s) URL");
    return url;
  }
  const server = servers[options.server ?? 0];
  if (options.server !== undefined && server === undefined) throw new NotImportable(`the document has no server number ${options.server + 1}`);
  return server?.url ?? null;
}

interface Route {
  readonly path: string;
  readonly method: string;
  readonly pathItem: Record<string, unknown>;
  readonly operation: Record<string, unknown>;
}

function listRoutes(api: Record<string, unknown>): Route[] {
  const paths = isRecord(api.paths) ? api.paths : {};
  return Object.entries(paths).flatMap(([path, pathItem]) =>
    isRecord(pathItem)
      ? METHODS.flatMap((method) => (isRecord(pathItem[method]) ? [{ path, method, pathItem, operation: pathItem[method] as Record<string, unknown> }] : []))
      : [],
  );
}

function routeEntry(route: Route): OperationEntry {
  const { operation } = route;
  return {
    key: `${route.method.toUpperCase()} ${route.path}`,
    method: route.method.toUpperCase(),
    path: route.path,
    summary: typeof operation.summary === "string" ? operation.summary : typeof operation.description === "string" ? operation.description.slice(0, 200) : null,
    tag: Array.isArray(operation.tags) && typeof operation.tags[0] === "string" ? operation.tags[0] : null,
  };
}
