/**
 * `pattern` in parameter schemas. Editors write them and every call runs them (a viewer's dry run
 * too), so they are matched with RE2 (re2js: a pure-JavaScript port, linear in the input whatever
 * the pattern) rather than with JavaScript's backtracking engine, where `^(a+)+$` on a long
 * string of a's stalls the server. The same engine judges a pattern at authoring (schema-subset)
 * and matches it at call time (ajv's `code.regExp`, arguments.ts), so what is accepted runs.
 *
 * Why RE2 rather than a ReDoS checker such as recheck: a checker's verdict is heuristic (fuzzing,
 * "unknown" on timeout), so the same pattern could be accepted one day and refused the next, and
 * what it accepts still runs on the backtracking engine. RE2 guarantees linear time by
 * construction; the price is that lookaround and backreferences are refused at authoring.
 */
import { RE2JS } from "re2js";

/** What ajv needs of a compiled pattern. */
export interface PatternMatcher {
  test(text: string): boolean;
  /** The pattern: ajv uses it as the key of its compiled-pattern cache. */
  toString(): string;
}

/** Compiles a JSON Schema (ECMAScript) `pattern` for RE2. Throws when RE2 cannot run it. */
export function compileSchemaPattern(pattern: string): PatternMatcher {
  const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
  return { test: (text) => compiled.test(text), toString: () => pattern };
}

/** Why `pattern` cannot be used, or null when it can. */
export function schemaPatternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, "u");
  } catch {
    return `"${pattern}" is not a valid regular expression`;
  }
  try {
    compileSchemaPattern(pattern);
  } catch {
    return `"${pattern}" uses what the linear-time matcher cannot run (lookahead, lookbehind, a backreference, a repeat count over 1000): patterns are matched in linear time so no input can stall a call; rewrite it without that`;
  }
  return null;
}
