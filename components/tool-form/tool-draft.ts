/**
 * The tool editor's state and its two-way mapping to the persisted form (SPEC §1.1). The draft
 * keeps what the operator typed (text, rows); `documentFromDraft` turns it into the JSON document
 * that `parseToolDefinition` — the one validator — judges, so no rule is repeated here. The only
 * problems found here are those of text that cannot become JSON at all (a body that is not JSON,
 * a default that is not a number): they carry the same paths the validator uses.
 */
import type { ValidationIssue } from "@/lib/errors";
import {
  fieldsFromSchema,
  schemaFromFields,
  type BodyFormat,
  type ParameterField,
  type PersistedToolDefinition,
  type QueryStyle,
} from "@/lib/tools/client";

export interface HeaderRow {
  readonly key: string;
  readonly name: string;
  /** The template value; empty for secret headers (their value is a SecretEntry). */
  readonly value: string;
  readonly secret: boolean;
}

export interface PairRow {
  readonly key: string;
  readonly name: string;
  readonly value: string;
}

/**
 * A query entry; `style` says how a list argument is written there (SPEC §1.8). A secret entry
 * (`secret_query`) has an empty value here: its value is a SecretEntry.
 */
export interface QueryRow extends PairRow {
  readonly style: QueryStyle;
  readonly secret: boolean;
}

export type SayKind = "none" | "text" | "json_path";
export type SideEffectChoice = "auto" | "yes" | "no";

export interface ToolDraft {
  readonly name: string;
  readonly description: string;
  readonly group: string;
  /** Comma-separated, as typed. */
  readonly tags: string;
  readonly parameters: readonly ParameterField[];
  readonly method: string;
  readonly url: string;
  readonly headers: readonly HeaderRow[];
  readonly query: readonly QueryRow[];
  /** JSON text; empty means no body. */
  readonly body: string;
  readonly bodyFormat: BodyFormat;
  readonly extract: string;
  readonly extractPath: string;
  /** The output schema as JSON text; empty means none. */
  readonly outputSchema: string;
  readonly halt: { readonly enabled: boolean; readonly jsonPath: string; readonly equals: string; readonly sayKind: SayKind; readonly say: string };
  readonly evidence: {
    readonly enabled: boolean;
    readonly itemsPath: string;
    readonly fields: readonly PairRow[];
    readonly source: string;
    readonly maxItems: string;
  };
  readonly sideEffect: SideEffectChoice;
  readonly timeout: string;
  /** The shared credential's name (`auth.credential`); "" for none. */
  readonly credential: string;
  /** Calls send `traceparent` upstream when tracing is on (`trace_context`, stored only when off). */
  readonly traceContext: boolean;
}

let nextKey = 0;
/** A key for a new row of a list the operator edits (React identity only, never persisted). */
export function rowKey(prefix: string): string {
  nextKey += 1;
  return `${prefix}-${nextKey}`;
}

const BODILESS_METHODS = new Set(["GET", "HEAD"]);

/** GET and HEAD take no body (SPEC §1.2). */
export function takesBody(method: string): boolean {
  return !BODILESS_METHODS.has(method.toUpperCase());
}

/** The side effect a method implies when the operator does not say (SPEC §1.2): only the bodiless methods have none. */
export function defaultSideEffect(method: string): boolean {
  return takesBody(method);
}

/** An empty draft for a new tool. */
export function emptyDraft(): ToolDraft {
  return {
    name: "",
    description: "",
    group: "",
    tags: "",
    parameters: [],
    method: "GET",
    url: "https://",
    headers: [],
    query: [],
    body: "",
    bodyFormat: "json",
    extract: "body_raw",
    extractPath: "",
    outputSchema: "",
    halt: { enabled: false, jsonPath: "", equals: "", sayKind: "none", say: "" },
    evidence: { enabled: false, itemsPath: "", fields: [], source: "", maxItems: "" },
    sideEffect: "auto",
    timeout: "",
    credential: "",
    traceContext: true,
  };
}

/** The draft of a stored (valid, canonical) definition. */
export function draftFromPersisted(definition: PersistedToolDefinition): ToolDraft {
  const secret = new Set(definition.secret_headers.map((header) => header.toLowerCase()));
  const halt = definition.halt_when;
  const evidence = definition.evidence;
  return {
    name: definition.name,
    description: definition.description,
    group: definition.group ?? "",
    tags: definition.tags.join(", "),
    parameters: fieldsFromSchema(definition.parameters),
    method: definition.request.method,
    url: definition.request.url,
    headers: Object.entries(definition.request.headers).map(([name, value]) => {
      const isSecret = secret.has(name.toLowerCase());
      return { key: rowKey("header"), name, value: isSecret ? "" : value, secret: isSecret };
    }),
    query: Object.entries(definition.request.query).map(([name, value]) => {
      // Query keys are case-sensitive: `Key` being secret says nothing of `key`.
      const isSecret = definition.secret_query?.includes(name) ?? false;
      return { key: rowKey("query"), name, value: isSecret ? "" : value, style: definition.request.query_style?.[name] ?? "repeat", secret: isSecret };
    }),
    body: definition.request.body === null ? "" : JSON.stringify(definition.request.body, null, 2),
    bodyFormat: definition.request.body_format ?? "json",
    extract: definition.response.extract,
    extractPath: definition.response.path ?? "",
    outputSchema: definition.output_schema === undefined ? "" : JSON.stringify(definition.output_schema, null, 2),
    halt: halt
      ? {
          enabled: true,
          jsonPath: halt.json_path,
          equals: halt.equals.join(", "),
          sayKind: halt.say === null ? "none" : "text" in halt.say ? "text" : "json_path",
          say: halt.say === null ? "" : "text" in halt.say ? halt.say.text : halt.say.json_path,
        }
      : emptyDraft().halt,
    evidence: evidence
      ? {
          enabled: true,
          itemsPath: evidence.items_path ?? "",
          fields: Object.entries(evidence.fields).map(([name, value]) => ({ key: rowKey("evidence"), name, value: String(value) })),
          source: evidence.source,
          maxItems: String(evidence.max_items),
        }
      : emptyDraft().evidence,
    sideEffect: definition.side_effect === defaultSideEffect(definition.request.method) ? "auto" : definition.side_effect ? "yes" : "no",
    timeout: definition.timeout === null ? "" : String(definition.timeout),
    credential: definition.auth?.credential ?? "",
    traceContext: definition.trace_context !== false,
  };
}

/** "a, b,,c " → ["a", "b", "c"]. */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Whole numbers stay numbers; anything else goes to the validator as typed, so it names the problem. */
function numberOrText(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** JSON text typed at `path`; empty means null. Text that is not JSON is an issue at `path`. */
function jsonOf(text: string, path: string, issues: ValidationIssue[]): unknown {
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text);
  } catch (error) {
    issues.push({ path, message: `is not valid JSON: ${(error as Error).message}` });
    return null;
  }
}

/**
 * The persisted-form document the draft describes (possibly invalid: the validator decides),
 * with the problems of text that could not become JSON.
 */
export function documentFromDraft(draft: ToolDraft): { document: Record<string, unknown>; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const { schema, issues: schemaIssues } = schemaFromFields(draft.parameters);
  issues.push(...schemaIssues);
  const pairs = (rows: readonly { name: string; value: string }[]) => Object.fromEntries(rows.map((row) => [row.name, row.value]));
  const styled = draft.query.filter((row) => row.style !== "repeat");
  const secretQuery = draft.query.filter((row) => row.secret).map((row) => row.name);
  const document: Record<string, unknown> = {
    name: draft.name.trim(),
    description: draft.description,
    parameters: schema,
    request: {
      method: draft.method,
      url: draft.url.trim(),
      headers: pairs(draft.headers),
      // A secret value is entered in its own field and stays on the server: the document carries "".
      query: pairs(draft.query.map((row) => (row.secret ? { ...row, value: "" } : row))),
      body: jsonOf(draft.body, "request.body", issues),
      // The format belongs to a body: a GET keeps the operator's choice in the draft, not in the tool.
      ...(draft.bodyFormat !== "json" && takesBody(draft.method) ? { body_format: draft.bodyFormat } : {}),
      ...(styled.length > 0 ? { query_style: Object.fromEntries(styled.map((row) => [row.name, row.style])) } : {}),
    },
    response: { extract: draft.extract, path: draft.extract === "json_path" ? draft.extractPath.trim() : null },
    secret_headers: draft.headers.filter((header) => header.secret).map((header) => header.name),
    // Only when a key is secret: a tool without one keeps the bytes it had (SPEC §1.8).
    ...(secretQuery.length > 0 ? { secret_query: secretQuery } : {}),
    side_effect: draft.sideEffect === "auto" ? defaultSideEffect(draft.method) : draft.sideEffect === "yes",
    timeout: numberOrText(draft.timeout),
    group: draft.group,
    tags: splitList(draft.tags),
    halt_when: draft.halt.enabled
      ? {
          json_path: draft.halt.jsonPath.trim(),
          equals: splitList(draft.halt.equals),
          say: draft.halt.sayKind === "none" ? null : draft.halt.sayKind === "text" ? { text: draft.halt.say } : { json_path: draft.halt.say.trim() },
        }
      : null,
  };
  if (draft.evidence.enabled) {
    document.evidence = {
      items_path: draft.evidence.itemsPath.trim() || null,
      fields: pairs(draft.evidence.fields),
      ...(draft.evidence.source.trim() ? { source: draft.evidence.source.trim() } : {}),
      ...(draft.evidence.maxItems.trim() ? { max_items: numberOrText(draft.evidence.maxItems) } : {}),
    };
  }
  if (draft.credential !== "") document.auth = { credential: draft.credential };
  const outputSchema = jsonOf(draft.outputSchema, "output_schema", issues);
  if (outputSchema !== null) document.output_schema = outputSchema;
  if (!draft.traceContext) document.trace_context = false;
  return { document, issues };
}
