/**
 * The data-defined tool definition (SPEC §1): the one function that turns an untrusted document
 * (import, form, API body, stored row) into an immutable {@link ToolDefinition}, and its canonical
 * serialisation. The dashboard, the import, the runtime and the tests all call this; nothing
 * re-implements a rule.
 */
import { ValidationError } from "../../errors";
import { isValidPath, pathProblem } from "../paths";
import { EXTRACT_KINDS, type ExtractKind, type HttpMethod, type ResponseExtract, type ToolDefinition } from "../types";
import {
  checkKnownKeys,
  deepFreeze,
  describeValue,
  isAbsent,
  isPlainObject,
  Issues,
  nameProblem,
} from "./definition-input";
import { parseEvidence } from "./evidence-spec";
import { parseHaltWhen } from "./halt-when";
import { parseOutputSchema } from "./output-schema";
import { parseRequest } from "./request-template";
import { parseAuth } from "./tool-auth";
import { parseParameters } from "./schema-subset";
import { namedSecretHeaders, namedSecretQuery, parseSecretHeaders, parseSecretQuery } from "./secret-headers";

export { serializeToolDefinition, toPersistedForm, type PersistedToolDefinition } from "./persisted-form";

/** The top-level keys of the persisted form, in canonical order (SPEC §1.1). */
export const DEFINITION_KEYS = [
  "name", "description", "parameters", "request", "response", "secret_headers", "secret_query",
  "side_effect", "timeout", "group", "tags", "halt_when", "evidence", "auth", "output_schema", "trace_context",
] as const;

/** Past this, some providers refuse the tool: a warning, not an error. */
export const MAX_DESCRIPTION_LENGTH = 1024;
/**
 * The most a description may hold at all: eight times what the strictest provider reads, room for
 * detailed instructions, and a bound on what every page and every tools/list carries per tool.
 */
export const DESCRIPTION_CAP = 8192;
export const MIN_TIMEOUT_SECONDS = 1;
export const MAX_TIMEOUT_SECONDS = 120;

/** A definition is stored, rendered and offered to every provider: 256 KiB is far above any real one. */
export const MAX_DEFINITION_BYTES = 256 * 1024;

const RESPONSE_KEYS = ["extract", "path"];
const SIDE_EFFECT_FREE: readonly HttpMethod[] = ["GET", "HEAD"];

/**
 * Validates `input` — the persisted snake_case form (SPEC §1.1), already parsed from JSON — and
 * returns a deeply frozen definition. Throws a {@link ValidationError} listing every problem
 * found, each with its dotted path. Non-fatal remarks (a description over
 * {@link MAX_DESCRIPTION_LENGTH} characters, an ignored `response.path`) land in `warnings`.
 */
export function parseToolDefinition(input: unknown): ToolDefinition {
  if (!isPlainObject(input)) {
    throw new ValidationError([{ path: "", message: `a tool definition must be a JSON object, found ${describeValue(input)}` }]);
  }
  const size = serialisedSize(input);
  if (size > MAX_DEFINITION_BYTES) {
    throw new ValidationError([{
      path: "",
      message: `is ${(size / 1024).toFixed(1)} KiB as JSON; a tool definition may be at most ${MAX_DEFINITION_BYTES / 1024} KiB: move long texts out of it`,
    }]);
  }
  const issues = new Issues();
  checkKnownKeys(input, DEFINITION_KEYS, "", issues);
  const name = readName(input.name, issues);
  const description = readDescription(input.description, issues);
  const parameters = parseParameters(input.parameters, issues);
  const secretNames = { headers: namedSecretHeaders(input.secret_headers), query: namedSecretQuery(input.secret_query) };
  const request = parseRequest(input.request, parameters, secretNames, issues);
  const response = readResponse(input.response, issues);
  const secretHeaders = parseSecretHeaders(input.secret_headers, request.headers, issues);
  const secretQuery = parseSecretQuery(input.secret_query, request.query, issues);
  const sideEffect = readSideEffect(input.side_effect, request.method, issues);
  const timeout = readTimeout(input.timeout, issues);
  const group = readGroup(input.group, issues);
  const tags = readTags(input.tags, issues);
  const haltWhen = parseHaltWhen(input.halt_when, issues);
  const evidence = parseEvidence(input.evidence, name, issues);
  const auth = parseAuth(input.auth, issues);
  const outputSchema = parseOutputSchema(input.output_schema, { extract: response.extract, declaresHalt: !isAbsent(input.halt_when) }, issues);
  const sendsTraceContext = readTraceContext(input.trace_context, issues);
  if (response.extract === "evidence_envelope" && isAbsent(input.evidence)) {
    issues.add("response.extract", 'evidence_envelope needs an "evidence" declaration saying which fields make a record');
  }
  if (issues.problems.length > 0) throw new ValidationError(issues.problems);
  return deepFreeze({
    name, description, parameters: parameters.schema, request, response, secretHeaders, secretQuery, sideEffect,
    timeout, group, tags, haltWhen, evidence, auth, outputSchema, sendsTraceContext, warnings: issues.warnings,
  });
}

/** UTF-8 bytes of `input` as JSON; 0 when it is not serialisable (the readers report why). */
function serialisedSize(input: unknown): number {
  try {
    return new TextEncoder().encode(JSON.stringify(input)).length;
  } catch {
    return 0;
  }
}

function readName(input: unknown, issues: Issues): string {
  const problem = nameProblem(input);
  if (problem) issues.add("name", `${problem}; it is the name a model calls the tool by`);
  return typeof input === "string" ? input : "";
}

/** Stored trimmed: leading and trailing whitespace means nothing to a model. */
function readDescription(input: unknown, issues: Issues): string {
  if (typeof input !== "string" || input.trim() === "") {
    issues.add("description", isAbsent(input) || typeof input === "string"
      ? "is required: tell the model what the tool does and when to use it"
      : `must be text, found ${describeValue(input)}`);
    return "";
  }
  const description = input.trim();
  if (description.length > DESCRIPTION_CAP) {
    issues.add("description", `is ${description.length.toLocaleString("en")} characters long; a description may hold at most ${DESCRIPTION_CAP.toLocaleString("en")} (and some providers read only ${MAX_DESCRIPTION_LENGTH.toLocaleString("en")})`);
  } else if (description.length > MAX_DESCRIPTION_LENGTH) {
    issues.warn("description", `is ${description.length} characters long; some providers refuse descriptions over ${MAX_DESCRIPTION_LENGTH}`);
  }
  return description;
}

/**
 * Canonical response: always `{extract, path}`, `path` set only for `json_path`. A path written
 * beside another extract is dropped with a warning (older documents carry one harmlessly).
 */
function readResponse(input: unknown, issues: Issues): ResponseExtract {
  const fallback: ResponseExtract = { extract: "body_raw", path: null };
  if (isAbsent(input)) return fallback;
  if (!isPlainObject(input)) {
    issues.add("response", `must be an object {"extract", "path"?}, found ${describeValue(input)}`);
    return fallback;
  }
  checkKnownKeys(input, RESPONSE_KEYS, "response", issues);
  const extract = isAbsent(input.extract) ? "body_raw" : input.extract;
  if (typeof extract !== "string" || !(EXTRACT_KINDS as readonly string[]).includes(extract)) {
    issues.add("response.extract", `must be one of ${EXTRACT_KINDS.join(", ")}, found ${typeof extract === "string" ? `"${extract}"` : describeValue(extract)}`);
    return fallback;
  }
  if (extract === "json_path") {
    if (isValidPath(input.path)) return { extract, path: input.path };
    issues.add("response.path", pathProblem(input.path, "is required with extract json_path: a dotted path such as data.status (numeric segments index lists)"));
    return fallback;
  }
  if (!isAbsent(input.path)) issues.warn("response.path", `is ignored: only extract json_path reads a path, this tool uses ${extract}`);
  return { extract: extract as ExtractKind, path: null };
}

/** `trace_context`: absent or true sends the call's `traceparent` to the upstream (when tracing is on); false keeps it off the wire. */
function readTraceContext(input: unknown, issues: Issues): boolean {
  if (typeof input === "boolean") return input;
  if (!isAbsent(input)) issues.add("trace_context", `must be true or false, found ${describeValue(input)}`);
  return true;
}

function readSideEffect(input: unknown, method: HttpMethod, issues: Issues): boolean {
  if (typeof input === "boolean") return input;
  if (!isAbsent(input)) issues.add("side_effect", `must be true or false, found ${describeValue(input)}`);
  return !SIDE_EFFECT_FREE.includes(method);
}

function readTimeout(input: unknown, issues: Issues): number | null {
  if (isAbsent(input)) return null;
  if (Number.isInteger(input) && (input as number) >= MIN_TIMEOUT_SECONDS && (input as number) <= MAX_TIMEOUT_SECONDS) {
    return input as number;
  }
  const found = typeof input === "number" ? String(input) : describeValue(input);
  issues.add("timeout", `must be whole seconds from ${MIN_TIMEOUT_SECONDS} to ${MAX_TIMEOUT_SECONDS}, or null for the configured default; found ${found}`);
  return null;
}

function readGroup(input: unknown, issues: Issues): string | null {
  if (isAbsent(input)) return null;
  if (typeof input !== "string") {
    issues.add("group", `must be text or null, found ${describeValue(input)}`);
    return null;
  }
  return input.trim() === "" ? null : input.trim();
}

/** Trimmed, lower-cased, de-duplicated, blanks dropped, first-seen order kept. */
function readTags(input: unknown, issues: Issues): string[] {
  if (isAbsent(input)) return [];
  if (!Array.isArray(input)) {
    issues.add("tags", `must be a list of text tags, found ${describeValue(input)}`);
    return [];
  }
  const tags = new Set<string>();
  input.forEach((tag, index) => {
    if (typeof tag !== "string") issues.add(`tags.${index}`, `must be text, found ${describeValue(tag)}`);
    else if (tag.trim() !== "") tags.add(tag.trim().toLowerCase());
  });
  return [...tags];
}
