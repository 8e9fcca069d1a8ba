/**
 * Expectations of saved test cases (SPEC §7): checking what an operator submitted, describing
 * each in a short label, evaluating them against a fire, and suggesting them from a run. Pure and
 * browser-safe. JSON paths are the product's dotted paths (lib/tools/paths.ts): a missing key and
 * a key holding null are different answers.
 */
import { ValidationError, type ValidationIssue } from "../errors";
import {
  compileSchemaPattern,
  isValidPath,
  MISSING,
  TOOL_ERROR_TYPES,
  walkPath,
  type JsonValue,
  type ToolErrorType,
} from "../tools/client";
import {
  EXPECTATION_KINDS,
  OUTCOME_KINDS,
  type Expectation,
  type ExpectationKind,
  type ExpectationResult,
  type PlaygroundOutcome,
} from "./playground-types";
import { holdsVolatileHeader, isVolatileHeaderPath } from "./volatile-headers";

/** At most this many expectations per case: a case is a check, not a specification. */
export const MAX_EXPECTATIONS = 50;
/** Longest regular expression accepted in a json_path_matches expectation. */
export const MAX_PATTERN_LENGTH = 500;

/** What evaluation reads of a fire. */
export interface RunFacts {
  readonly outcome: PlaygroundOutcome;
  readonly status: number | null;
  /** The result handed to the model (the response's content); null when the call failed. */
  readonly content: JsonValue | null;
  /** What JSON paths walk: the body parsed as JSON (data tools) or the content (code tools); MISSING when there is none. */
  readonly document: unknown;
}

const FIELDS: Readonly<Record<ExpectationKind, readonly string[]>> = {
  outcome: ["equals"],
  error_type: ["equals"],
  http_status: ["equals"],
  result_equals: ["value"],
  json_path_equals: ["path", "value"],
  json_path_matches: ["path", "pattern"],
  halts: ["equals"],
  say_text: ["equals"],
};

function isJsonValue(value: unknown): value is JsonValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value).every(isJsonValue);
  return false;
}

function patternProblem(pattern: unknown): string | null {
  if (typeof pattern !== "string" || pattern === "") return "must be a non-empty regular expression";
  if (pattern.length > MAX_PATTERN_LENGTH) return `must be at most ${MAX_PATTERN_LENGTH} characters`;
  try {
    new RegExp(pattern, "u");
  } catch (error) {
    return `is not a valid regular expression (${error instanceof SyntaxError ? error.message : "syntax error"})`;
  }
  try {
    compileSchemaPattern(pattern);
    return null;
  } catch {
    return "uses what the linear-time matcher cannot run (lookahead, lookbehind, a backreference); rewrite it without that";
  }
}

/** The problem with field `field` of an expectation of `kind`, or null. */
function fieldProblem(kind: ExpectationKind, field: string, value: unknown): string | null {
  switch (`${kind}.${field}`) {
    case "outcome.equals":
      return (OUTCOME_KINDS as readonly unknown[]).includes(value) ? null : `must be one of ${OUTCOME_KINDS.join(", ")}`;
    case "error_type.equals":
      return (TOOL_ERROR_TYPES as readonly unknown[]).includes(value) ? null : `must be one of ${TOOL_ERROR_TYPES.join(", ")}`;
    case "http_status.equals":
      return Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 599 ? null : "must be a whole number from 100 to 599";
    case "halts.equals":
      return typeof value === "boolean" ? null : "must be true or false";
    case "say_text.equals":
      return value === null || typeof value === "string" ? null : "must be a text or null (says nothing)";
    case "json_path_equals.path":
    case "json_path_matches.path":
      return isValidPath(value) ? null : "must be a dotted path such as data.items.0.status";
    case "json_path_matches.pattern":
      return patternProblem(value);
    default:
      return isJsonValue(value) ? null : "must be a JSON value";
  }
}

function checkExpectation(input: unknown, at: string, issues: ValidationIssue[]): Expectation | null {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    issues.push({ path: at, message: "must be an object with a kind" });
    return null;
  }
  const record = input as Record<string, unknown>;
  const kind = record.kind;
  if (!(EXPECTATION_KINDS as readonly unknown[]).includes(kind)) {
    issues.push({ path: `${at}.kind`, message: `must be one of ${EXPECTATION_KINDS.join(", ")}` });
    return null;
  }
  const fields = FIELDS[kind as ExpectationKind];
  const before = issues.length;
  for (const key of Object.keys(record)) {
    if (key !== "kind" && !fields.includes(key)) issues.push({ path: `${at}.${key}`, message: `is not a field of a ${String(kind)} expectation` });
  }
  for (const field of fields) {
    const problem = Object.hasOwn(record, field) ? fieldProblem(kind as ExpectationKind, field, record[field]) : "is required";
    if (problem) issues.push({ path: `${at}.${field}`, message: problem });
  }
  if (issues.length > before) return null;
  return Object.fromEntries([["kind", kind], ...fields.map((field) => [field, record[field]])]) as Expectation;
}

/**
 * `input` as a list of expectations, or a ValidationError listing every problem with its path
 * (`expectations.2.pattern`). At least one and at most {@link MAX_EXPECTATIONS}.
 */
export function parseExpectations(input: unknown): Expectation[] {
  if (!Array.isArray(input)) throw new ValidationError([{ path: "expectations", message: "must be a list" }]);
  const issues: ValidationIssue[] = [];
  if (input.length === 0) issues.push({ path: "expectations", message: "choose at least one expectation" });
  if (input.length > MAX_EXPECTATIONS) issues.push({ path: "expectations", message: `at most ${MAX_EXPECTATIONS} expectations` });
  const parsed = input.map((item, index) => checkExpectation(item, `expectations.${index}`, issues));
  if (issues.length > 0) throw new ValidationError(issues);
  return parsed as Expectation[];
}

/** Short JSON for a label: long values end with "…". */
function shortJson(value: JsonValue, limit = 60): string {
  const text = JSON.stringify(value);
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** The label of an expectation, e.g. "HTTP status is 200". */
export function describeExpectation(expectation: Expectation): string {
  switch (expectation.kind) {
    case "outcome":
      return `Outcome is ${expectation.equals}`;
    case "error_type":
      return `Error type is ${expectation.equals}`;
    case "http_status":
      return `HTTP status is ${expectation.equals}`;
    case "result_equals":
      return `Result equals ${shortJson(expectation.value)}`;
    case "json_path_equals":
      return `${expectation.path} equals ${shortJson(expectation.value)}`;
    case "json_path_matches":
      return `${expectation.path} matches /${expectation.pattern}/`;
    case "halts":
      return expectation.equals ? "Halts the turn" : "Does not halt the turn";
    case "say_text":
      return expectation.equals === null ? "Says nothing" : `Say text is ${JSON.stringify(expectation.equals)}`;
  }
}

/** Deep equality of JSON values; key order does not matter. */
export function jsonEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => jsonEquals(item, b[index]));
  }
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEquals((a as never)[key], (b as never)[key]));
}

/** A path's value as the text a pattern is matched against. */
function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

interface Observed {
  readonly passed: boolean;
  readonly expected: JsonValue;
  readonly actual: JsonValue;
  readonly difference: string | null;
}

function compare(expected: JsonValue, actual: JsonValue, what: string): Observed {
  const passed = jsonEquals(expected, actual);
  return { passed, expected, actual, difference: passed ? null : `expected ${what} ${shortJson(expected)}, got ${shortJson(actual)}` };
}

function observePath(expectation: Extract<Expectation, { kind: "json_path_equals" | "json_path_matches" }>, facts: RunFacts): Observed {
  const found = facts.document === MISSING ? MISSING : walkPath(facts.document, expectation.path);
  const expected = expectation.kind === "json_path_equals" ? expectation.value : expectation.pattern;
  if (found === MISSING) {
    const where = facts.document === MISSING ? "the response has no JSON body" : `${expectation.path} is missing`;
    return { passed: false, expected, actual: null, difference: where };
  }
  const actual = found as JsonValue;
  if (expectation.kind === "json_path_equals") return compare(expectation.value, actual, expectation.path);
  // The linear-time matcher parameter patterns use: no pattern can stall a run, whatever the body.
  const passed = compileSchemaPattern(expectation.pattern).test(asText(actual));
  return { passed, expected, actual, difference: passed ? null : `${expectation.path} is ${shortJson(actual)}, which does not match` };
}

/** An unexpected error outcome says which error it was: the first thing anyone reading a failure asks. */
function withErrorNamed(observed: Observed, outcome: PlaygroundOutcome): Observed {
  if (observed.passed || outcome.kind !== "error") return observed;
  return { ...observed, difference: `${observed.difference} (${outcome.errorType}: ${outcome.message})` };
}

function observe(expectation: Expectation, facts: RunFacts): Observed {
  const { outcome } = facts;
  switch (expectation.kind) {
    case "outcome":
      return withErrorNamed(compare(expectation.equals, outcome.kind, "outcome"), outcome);
    case "error_type":
      return compare(expectation.equals, outcome.kind === "error" ? outcome.errorType : null, "error type");
    case "http_status":
      return compare(expectation.equals, facts.status, "HTTP status");
    case "result_equals":
      return compare(expectation.value, facts.content, "result");
    case "json_path_equals":
    case "json_path_matches":
      return observePath(expectation, facts);
    case "halts":
      return compare(expectation.equals, outcome.kind === "halt", "halts");
    case "say_text":
      return compare(expectation.equals, outcome.kind === "halt" ? outcome.say : null, "say text");
  }
}

/** How each expectation fared against a fire. */
export function evaluateExpectations(expectations: readonly Expectation[], facts: RunFacts): ExpectationResult[] {
  return expectations.map((expectation) => ({ expectation, label: describeExpectation(expectation), ...observe(expectation, facts) }));
}

/** Scalar leaves of a JSON document (depth-first, at most `limit`), for suggestions. */
function scalarLeaves(document: unknown, limit: number, prefix = "", found: [string, JsonValue][] = []): [string, JsonValue][] {
  if (found.length >= limit || typeof document !== "object" || document === null) return found;
  const entries = Array.isArray(document) ? document.map((item, index) => [String(index), item] as const) : Object.entries(document);
  for (const [key, value] of entries) {
    if (found.length >= limit) break;
    // A key with a dot cannot be named by a dotted path.
    if (key === "" || key.includes(".")) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "object" && value !== null) scalarLeaves(value, limit, path, found);
    else if (!isVolatileHeaderPath(path)) found.push([path, value as JsonValue]);
  }
  return found;
}

/** How many JSON path expectations a run suggests at most. */
const SUGGESTED_PATHS = 5;

/**
 * The expectations a fire suggests, in the order the save dialog lists them: its outcome, error
 * type, status, result, a few values of the body, halt and say. A dry run suggests nothing: it
 * showed no behaviour to pin down. Nothing suggested expects a volatile header an upstream echoes
 * (`connection`, `date`, …: volatile-headers.ts), so a new case does not fail on its next run for
 * no fault of the tool: such a value is never one of the body values, and a result holding one is
 * not suggested whole.
 */
export function suggestExpectations(facts: RunFacts): Expectation[] {
  const { outcome } = facts;
  if (outcome.kind === "dry_run") return [];
  const suggestions: Expectation[] = [{ kind: "outcome", equals: outcome.kind }];
  if (outcome.kind === "error") suggestions.push({ kind: "error_type", equals: outcome.errorType as ToolErrorType });
  if (facts.status !== null) suggestions.push({ kind: "http_status", equals: facts.status });
  if (outcome.kind === "error") return suggestions;
  if (facts.content !== null && !holdsVolatileHeader(facts.content)) suggestions.push({ kind: "result_equals", value: facts.content });
  if (facts.document !== MISSING) {
    for (const [path, value] of scalarLeaves(facts.document, SUGGESTED_PATHS)) suggestions.push({ kind: "json_path_equals", path, value });
  }
  suggestions.push({ kind: "halts", equals: outcome.kind === "halt" });
  if (outcome.kind === "halt") suggestions.push({ kind: "say_text", equals: outcome.say });
  return suggestions;
}
