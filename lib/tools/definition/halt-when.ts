/**
 * Reading and writing `halt_when` (SPEC §1.6): when a tool's own response ends the agent's turn,
 * and what the customer then sees. Only the declaration lives here; deciding a halt is the
 * executor's job.
 *
 * Persisted form: `{"json_path", "equals", "say"}` with `equals` as strings (values are compared
 * as strings, so `1` and `"1"` are the same declaration) and `say` always present: null, or
 * exactly one of `{"json_path": …}` / `{"text": …}`.
 */
import { isValidPath, pathProblem } from "../paths";
import type { HaltSay, HaltWhen } from "../types";
import { checkKnownKeys, childPath, describeValue, isAbsent, isPlainObject, type Issues } from "./definition-input";

const HALT_KEYS = ["json_path", "equals", "say"];
const SAY_KEYS = ["json_path", "text"];
const PATH_HINT = "a dotted path such as data.action (numeric segments index lists)";

export interface PersistedHaltWhen {
  readonly json_path: string;
  readonly equals: readonly string[];
  readonly say: { readonly json_path: string } | { readonly text: string } | null;
}

/** Reads `halt_when`; absent or null means the tool never halts. Problems go to `issues`. */
export function parseHaltWhen(input: unknown, issues: Issues): HaltWhen | null {
  const path = "halt_when";
  if (isAbsent(input)) return null;
  if (!isPlainObject(input)) {
    issues.add(path, `must be an object {"json_path", "equals", "say"?}, found ${describeValue(input)}`);
    return null;
  }
  checkKnownKeys(input, HALT_KEYS, path, issues);
  const jsonPath = readPath(input.json_path, childPath(path, "json_path"), issues);
  const equals = readEquals(input.equals, childPath(path, "equals"), issues);
  const say = readSay(input.say, childPath(path, "say"), issues);
  return { jsonPath: jsonPath ?? "", equals, say };
}

/** The persisted (snake_case) form of a halt declaration. */
export function haltWhenToPersisted(halt: HaltWhen): PersistedHaltWhen {
  const say = halt.say === null ? null : "text" in halt.say ? { text: halt.say.text } : { json_path: halt.say.jsonPath };
  return { json_path: halt.jsonPath, equals: [...halt.equals], say };
}

function readPath(input: unknown, path: string, issues: Issues): string | null {
  if (isValidPath(input)) return input;
  issues.add(path, isAbsent(input) ? `is required: ${PATH_HINT}` : pathProblem(input, `must be ${PATH_HINT}`));
  return null;
}

function readEquals(input: unknown, path: string, issues: Issues): string[] {
  if (!Array.isArray(input) || input.length === 0) {
    issues.add(path, 'must be a non-empty list of values that end the turn, e.g. ["ESCALATE"]');
    return [];
  }
  const values: string[] = [];
  input.forEach((value, index) => {
    if (typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) {
      values.push(String(value));
    } else {
      issues.add(childPath(path, index), `must be a text, number or boolean (values are compared as text), found ${describeValue(value)}`);
    }
  });
  return values;
}

function readSay(input: unknown, path: string, issues: Issues): HaltSay | null {
  if (isAbsent(input)) return null;
  if (!isPlainObject(input)) {
    issues.add(path, `must be {"text": …} or {"json_path": …}, found ${describeValue(input)}`);
    return null;
  }
  checkKnownKeys(input, SAY_KEYS, path, issues);
  const hasText = !isAbsent(input.text);
  const hasPath = !isAbsent(input.json_path);
  if (hasText === hasPath) {
    issues.add(path, 'must have exactly one of "text" (a literal to publish) or "json_path" (where the body holds it)');
    return null;
  }
  if (hasPath) {
    const jsonPath = readPath(input.json_path, childPath(path, "json_path"), issues);
    return jsonPath === null ? null : { jsonPath };
  }
  if (typeof input.text !== "string" || input.text.trim() === "") {
    issues.add(childPath(path, "text"), "must be non-blank text; remove say to publish nothing");
    return null;
  }
  return { text: input.text };
}
