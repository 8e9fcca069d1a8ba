/**
 * The shared vocabulary of the tool library: the validated, immutable shape of a data-defined
 * tool, and the `Tool` every registry, persona and provider specification works with.
 * Only `definition/definition.ts` builds a {@link ToolDefinition}; everything else reads one.
 */
import type { ToolResponse } from "./response";
import type { TurnContext } from "./placeholders";
import type { CancelSignal } from "./abort-switch";

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export const SCHEMA_TYPES = ["object", "array", "string", "number", "integer", "boolean"] as const;
export type SchemaType = (typeof SCHEMA_TYPES)[number];

/** A JSON Schema inside the safe subset (SPEC §1.3). Unknown keywords are kept as written. */
export interface JsonSchema {
  readonly type: SchemaType;
  readonly [keyword: string]: unknown;
}

/** The root of a parameters schema: always an object. */
export interface ObjectSchema extends JsonSchema {
  readonly type: "object";
  readonly properties: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
}

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const EXTRACT_KINDS = ["body_raw", "status", "json_path", "evidence_envelope"] as const;
export type ExtractKind = (typeof EXTRACT_KINDS)[number];

/** How a body is sent (SPEC §1.8): JSON, or `application/x-www-form-urlencoded`. */
export const BODY_FORMATS = ["json", "form", "xml"] as const;
export type BodyFormat = (typeof BODY_FORMATS)[number];

/** How a list argument is written in one query entry (SPEC §1.8): repeated keys, or one value joined. */
export const QUERY_STYLES = ["repeat", "comma", "space", "pipe"] as const;
export type QueryStyle = (typeof QUERY_STYLES)[number];

export interface RequestTemplate {
  readonly method: HttpMethod;
  /** Absolute http(s) URL; placeholders only in path and query. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  /** Any JSON value; strings inside may hold placeholders. null means no body. */
  readonly body: JsonValue;
  /** "form" only with an object body. */
  readonly bodyFormat: BodyFormat;
  /** Query keys whose list argument is joined rather than repeated; "repeat" entries are not kept. */
  readonly queryStyle: Readonly<Record<string, Exclude<QueryStyle, "repeat">>>;
}

export interface ResponseExtract {
  readonly extract: ExtractKind;
  /** Set only for `json_path`. */
  readonly path: string | null;
}

/** Exactly one of `text` (a literal) or `jsonPath` (a value read from the body). */
export type HaltSay = { readonly text: string } | { readonly jsonPath: string };

export interface HaltWhen {
  readonly jsonPath: string;
  /** Compared as strings. Non-empty. */
  readonly equals: readonly string[];
  readonly say: HaltSay | null;
}

export interface EvidenceSpec {
  /** Path to a list of records; null means the whole body is one record. */
  readonly itemsPath: string | null;
  /** Label → path inside each record. */
  readonly fields: Readonly<Record<string, string>>;
  readonly source: string;
  /** At most this many records are kept (the declaration's default is applied when read). */
  readonly maxItems: number;
}

/** The shared credential a tool's requests carry (SPEC §5.1), by name; its secret lives with the credential. */
export interface ToolAuth {
  readonly credential: string;
}

/** A validated, immutable data-defined tool (SPEC §1). Build it only with `parseToolDefinition`. */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters: ObjectSchema;
  readonly request: RequestTemplate;
  readonly response: ResponseExtract;
  /** Header names as written in `request.headers`. */
  readonly secretHeaders: readonly string[];
  /** Query keys of `request.query` whose values are secrets (`secret_query`, SPEC §1.8), as written. */
  readonly secretQuery: readonly string[];
  readonly sideEffect: boolean;
  /** Whole seconds, 1..120; null uses the configured default. */
  readonly timeout: number | null;
  readonly group: string | null;
  readonly tags: readonly string[];
  readonly haltWhen: HaltWhen | null;
  readonly evidence: EvidenceSpec | null;
  /** The shared credential the requests carry; null when the tool declares none. */
  readonly auth: ToolAuth | null;
  /** The declared shape of the result (`output_schema`); null when the tool declares none. */
  readonly outputSchema: ObjectSchema | null;
  /** Whether calls send their W3C `traceparent` to the upstream when tracing is on (`trace_context`, default true). */
  readonly sendsTraceContext: boolean;
  /** Non-fatal remarks found while building (e.g. a description over a provider limit). Not serialised. */
  readonly warnings: readonly { readonly path: string; readonly message: string }[];
}

/** Runtime collaborators of one call. */
export interface CallContext {
  readonly context: TurnContext;
  /** Aborted when the caller gives up (timeout, client disconnect): an AbortSignal, or the lighter AbortSwitch. */
  readonly signal?: CancelSignal;
}

/**
 * A callable tool, whatever its origin: a data-defined tool bound to its secrets and config, or
 * a code tool. This is what a registry holds and what personas and provider specs list.
 */
export interface Tool {
  readonly name: string;
  readonly description: string;
  readonly parameters: ObjectSchema;
  readonly sideEffect: boolean;
  readonly origin: "data" | "code";
  /** A data tool's HTTP method (what MCP's destructive hint follows); absent for code tools. */
  readonly method?: HttpMethod;
  /**
   * The shape every successful, non-halting result has (an object), when known: MCP clients get it
   * as `outputSchema` and the result as `structuredContent`. Absent when the shape is not known.
   */
  readonly outputSchema?: ObjectSchema;
  /** Validates arguments and runs; every failure comes back as an error ToolResponse. */
  call(args: unknown, call: CallContext): Promise<ToolResponse>;
  /** Releases resources the tool owns (connections, handles). Optional. */
  close?(): void | Promise<void>;
}
