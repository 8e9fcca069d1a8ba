import "server-only";
/**
 * Reading an import document, before anything is written. Accepted: a Quiver export
 * (`{"format": "quiver.tools", "version": 1, "tools": […]}`), a bare list of persisted
 * definitions, or one persisted definition — so a document in the reference format of SPEC §1.1
 * imports unchanged. Every tool is validated by the one validator (parseToolDefinition) and every
 * problem of every tool is reported at once, each at its path in the document (`tools[2].request.url`)
 * with the tool's name in its message; names repeated in the document and built-ins' names are
 * problems too.
 *
 * Secret header values in the document are emptied before validation: the import never stores
 * them (tool-import.ts), so it does not judge them either — the SPEC §1.1 example, whose
 * "Bearer sk-…" is no valid header text, imports as written. Which headers carried one is kept
 * for the report.
 */
import { ValidationError, type ValidationIssue } from "../errors";
import { isBuiltinToolName, parseToolDefinition, type ToolDefinition } from "../tools";
import { TOOL_EXPORT_FORMAT, TOOL_EXPORT_VERSION } from "../catalog";
import { secretSlot } from "../secrets";

const ENVELOPE_KEYS = ["format", "version", "tools"];
/** A name longer than this is cut in messages (a valid one is at most 64 characters). */
const LABEL_LENGTH = 64;

interface DocumentEntry {
  /** Where the definition sits in the document: `tools[2]`, `[2]`, or "" for a lone definition. */
  readonly path: string;
  readonly input: unknown;
}

/** A tool read from the document, with where it came from. */
export interface DocumentTool {
  readonly path: string;
  /** Secret header values emptied. */
  readonly definition: ToolDefinition;
  /** The secret headers (as written in `request.headers`) whose value in the document was not empty. */
  readonly carriedSecretValues: readonly string[];
}

/** One tool of the document as the validator judged it: its definition, or its problems. */
export type CheckedDocumentTool =
  | { readonly path: string; readonly name: string; readonly tool: DocumentTool; readonly issues: readonly [] }
  | { readonly path: string; readonly name: string; readonly tool: null; readonly issues: readonly ValidationIssue[] };

/** Every tool of the document judged, plus the problems of the document itself (its envelope). */
export interface CheckedDocument {
  readonly issues: readonly ValidationIssue[];
  readonly tools: readonly CheckedDocumentTool[];
}

/** The document's tools, in document order, or a ValidationError listing every problem. */
export function readToolDocument(document: unknown): DocumentTool[] {
  const checked = checkToolDocument(document);
  const issues = [...checked.issues, ...checked.tools.flatMap((entry) => entry.issues)];
  if (issues.length > 0) throw new ValidationError(issues);
  return checked.tools.flatMap((entry) => (entry.tool ? [entry.tool] : []));
}

/**
 * Every tool of the document judged on its own, in document order, without throwing: what an
 * import preview shows per tool. {@link readToolDocument} is this, all or nothing.
 */
export function checkToolDocument(document: unknown): CheckedDocument {
  const issues: ValidationIssue[] = [];
  const entries = documentEntries(document, issues);
  if (entries.length === 0 && issues.length === 0) issues.push({ path: "", message: "The document holds no tools." });
  const firstPaths = new Map<string, string>();
  const tools = entries.map((entry, index): CheckedDocumentTool => {
    const label = labelOf(entry.input, index);
    const { input, carried } = withoutSecretValues(entry.input);
    let definition: ToolDefinition;
    try {
      definition = parseToolDefinition(input);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const toolIssues = error.issues.map((issue) => ({ path: joinPath(entry.path, issue.path), message: `${label}: ${issue.message}` }));
      return { path: entry.path, name: label, tool: null, issues: toolIssues };
    }
    const { name } = definition;
    const namePath = joinPath(entry.path, "name");
    const first = firstPaths.get(name);
    firstPaths.set(name, first ?? entry.path);
    const nameIssue =
      first !== undefined
        ? `${name}: appears more than once in the document (first at ${first || "its top"})`
        : isBuiltinToolName(name)
          ? `${name}: is the name of a built-in code tool; choose another name`
          : null;
    if (nameIssue !== null) return { path: entry.path, name, tool: null, issues: [{ path: namePath, message: nameIssue }] };
    return { path: entry.path, name, tool: { path: entry.path, definition, carriedSecretValues: carried }, issues: [] };
  });
  return { issues, tools };
}

/** `prefix` and `path` joined as a path into the document. */
export function joinPath(prefix: string, path: string): string {
  if (prefix === "" || path === "") return prefix + path;
  return path.startsWith("[") ? prefix + path : `${prefix}.${path}`;
}

function documentEntries(document: unknown, issues: ValidationIssue[]): DocumentEntry[] {
  if (Array.isArray(document)) return document.map((input, index) => ({ path: `[${index}]`, input }));
  if (!isRecord(document)) {
    issues.push({
      path: "",
      message: `must be a Quiver export {"format": "${TOOL_EXPORT_FORMAT}", "version": ${TOOL_EXPORT_VERSION}, "tools": […]}, a list of tool definitions or one definition`,
    });
    return [];
  }
  if (!("format" in document)) return [{ path: "", input: document }];
  for (const key of Object.keys(document).filter((key) => !ENVELOPE_KEYS.includes(key))) {
    issues.push({ path: key, message: `unknown key: an export holds only ${ENVELOPE_KEYS.join(", ")}` });
  }
  if (document.format !== TOOL_EXPORT_FORMAT) issues.push({ path: "format", message: `must be "${TOOL_EXPORT_FORMAT}"` });
  if (document.version !== TOOL_EXPORT_VERSION) {
    issues.push({ path: "version", message: `must be ${TOOL_EXPORT_VERSION}: this version of Quiver reads version ${TOOL_EXPORT_VERSION} exports` });
  }
  if (!Array.isArray(document.tools)) {
    issues.push({ path: "tools", message: "must be a list of tool definitions" });
    return [];
  }
  return document.tools.map((input, index) => ({ path: `tools[${index}]`, input }));
}

/**
 * `input` with the value of each header its `secret_headers` names and each query key its
 * `secret_query` names emptied (read leniently, as the validator reads them: header names ignore
 * case, query keys do not), and the slots that had a value (a header's name, `?key` for a query key).
 */
function withoutSecretValues(input: unknown): { input: unknown; carried: string[] } {
  if (!isRecord(input) || !isRecord(input.request)) return { input, carried: [] };
  const headers = emptiedSecrets(input.request.headers, input.secret_headers, (name) => name.toLowerCase());
  const query = emptiedSecrets(input.request.query, input.secret_query, (name) => name);
  const request = { ...input.request, ...(headers ? { headers: headers.values } : {}), ...(query ? { query: query.values } : {}) };
  const carried = [...(headers?.carried ?? []), ...(query?.carried ?? []).map((key) => secretSlot("query", key))];
  return { input: { ...input, request }, carried };
}

/** `values` with the entries `named` names emptied (compared by `identity`), and those that had a value; null when `values` is no map. */
function emptiedSecrets(values: unknown, named: unknown, identity: (name: string) => string): { values: Record<string, unknown>; carried: string[] } | null {
  if (!isRecord(values)) return null;
  const secret = new Set(([] as unknown[]).concat(named).filter((name): name is string => typeof name === "string").map(identity));
  const copy = { ...values };
  const carried = Object.keys(copy).filter((name) => secret.has(identity(name)) && typeof copy[name] === "string" && copy[name] !== "");
  for (const name of carried) copy[name] = "";
  return { values: copy, carried };
}

/** How messages name a tool: its name when it has one, else its position. */
function labelOf(input: unknown, index: number): string {
  const name = isRecord(input) && typeof input.name === "string" ? input.name.trim() : "";
  return name === "" ? `tool ${index + 1}` : name.slice(0, LABEL_LENGTH);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
