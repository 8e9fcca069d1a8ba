import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors";
import { MISSING } from "../tools/client";
import type { Expectation, PlaygroundOutcome } from "./playground-types";
import {
  describeExpectation,
  evaluateExpectations,
  jsonEquals,
  MAX_EXPECTATIONS,
  parseExpectations,
  suggestExpectations,
  type RunFacts,
} from "./test-expectations";

const success: PlaygroundOutcome = { kind: "success", halted: false };
const explanation = { summary: "s", check: [] };

function facts(overrides: Partial<RunFacts> = {}): RunFacts {
  const document = { data: { status: "ok", note: null, items: [{ id: "A-17" }] }, count: 2 };
  return { outcome: success, status: 200, content: "ok", document, ...overrides };
}

function issuesOf(input: unknown): { path: string; message: string }[] {
  try {
    parseExpectations(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return [...(error as ValidationError).issues];
  }
  throw new Error("expected a ValidationError");
}

describe("parseExpectations", () => {
  it("accepts one of each kind and keeps only their fields", () => {
    const all: Expectation[] = [
      { kind: "outcome", equals: "halt" },
      { kind: "error_type", equals: "http_error" },
      { kind: "http_status", equals: 404 },
      { kind: "result_equals", value: { a: [1, null] } },
      { kind: "json_path_equals", path: "data.items.0.id", value: null },
      { kind: "json_path_matches", path: "data.id", pattern: "^A-\\d+$" },
      { kind: "halts", equals: false },
      { kind: "say_text", equals: null },
    ];
    expect(parseExpectations(all)).toEqual(all);
  });

  it.each<[string, unknown, { path: string; message: RegExp }[]]>([
    ["not a list", { kind: "outcome" }, [{ path: "expectations", message: /must be a list/ }]],
    ["an empty list", [], [{ path: "expectations", message: /at least one/ }]],
    ["a non-object", ["outcome"], [{ path: "expectations.0", message: /must be an object/ }]],
    ["an unknown kind", [{ kind: "body_contains", text: "x" }], [{ path: "expectations.0.kind", message: /must be one of outcome, error_type/ }]],
    ["a bad outcome", [{ kind: "outcome", equals: "ok" }], [{ path: "expectations.0.equals", message: /success, halt, error/ }]],
    ["an unknown error type", [{ kind: "error_type", equals: "boom" }], [{ path: "expectations.0.equals", message: /validation_error/ }]],
    ["a status as text", [{ kind: "http_status", equals: "200" }], [{ path: "expectations.0.equals", message: /whole number from 100 to 599/ }]],
    ["a status out of range", [{ kind: "http_status", equals: 600 }], [{ path: "expectations.0.equals", message: /100 to 599/ }]],
    ["a missing value", [{ kind: "result_equals" }], [{ path: "expectations.0.value", message: /is required/ }]],
    ["a non-JSON value", [{ kind: "result_equals", value: Number.NaN }], [{ path: "expectations.0.value", message: /JSON value/ }]],
    ["a bad path", [{ kind: "json_path_equals", path: "data..x", value: 1 }], [{ path: "expectations.0.path", message: /dotted path/ }]],
    ["a bad regex", [{ kind: "json_path_matches", path: "a", pattern: "([a-z" }], [{ path: "expectations.0.pattern", message: /not a valid regular expression/ }]],
    ["a regex RE2 cannot run", [{ kind: "json_path_matches", path: "a", pattern: "(a)\\1" }], [{ path: "expectations.0.pattern", message: /linear-time matcher/ }]],
    ["an empty regex", [{ kind: "json_path_matches", path: "a", pattern: "" }], [{ path: "expectations.0.pattern", message: /non-empty/ }]],
    ["halts as text", [{ kind: "halts", equals: "yes" }], [{ path: "expectations.0.equals", message: /true or false/ }]],
    ["say text as a number", [{ kind: "say_text", equals: 3 }], [{ path: "expectations.0.equals", message: /text or null/ }]],
    ["an extra field", [{ kind: "halts", equals: true, path: "x" }], [{ path: "expectations.0.path", message: /not a field of a halts expectation/ }]],
  ])("refuses %s with the path of the problem", (_name, input, expected) => {
    const issues = issuesOf(input);
    expect(issues).toHaveLength(expected.length);
    expected.forEach((issue, index) => {
      expect(issues[index]!.path).toBe(issue.path);
      expect(issues[index]!.message).toMatch(issue.message);
    });
  });

  it("lists every problem at once", () => {
    const issues = issuesOf([{ kind: "outcome", equals: "x" }, { kind: "halts" }, { kind: "http_status", equals: 200 }]);
    expect(issues.map((issue) => issue.path)).toEqual(["expectations.0.equals", "expectations.1.equals"]);
  });

  it(`refuses more than ${MAX_EXPECTATIONS}`, () => {
    const many = Array.from({ length: MAX_EXPECTATIONS + 1 }, () => ({ kind: "halts", equals: false }));
    expect(issuesOf(many)).toEqual([{ path: "expectations", message: `at most ${MAX_EXPECTATIONS} expectations` }]);
  });
});

describe("describeExpectation", () => {
  it.each<[Expectation, string]>([
    [{ kind: "outcome", equals: "success" }, "Outcome is success"],
    [{ kind: "error_type", equals: "timeout_error" }, "Error type is timeout_error"],
    [{ kind: "http_status", equals: 200 }, "HTTP status is 200"],
    [{ kind: "result_equals", value: { a: 1 } }, 'Result equals {"a":1}'],
    [{ kind: "result_equals", value: "x".repeat(100) }, `Result equals "${"x".repeat(58)}…`],
    [{ kind: "json_path_equals", path: "data.status", value: "ok" }, 'data.status equals "ok"'],
    [{ kind: "json_path_matches", path: "data.id", pattern: "^A-" }, "data.id matches /^A-/"],
    [{ kind: "halts", equals: true }, "Halts the turn"],
    [{ kind: "halts", equals: false }, "Does not halt the turn"],
    [{ kind: "say_text", equals: "CALL_SUPPORT" }, 'Say text is "CALL_SUPPORT"'],
    [{ kind: "say_text", equals: null }, "Says nothing"],
  ])("labels %j", (expectation, label) => {
    expect(describeExpectation(expectation)).toBe(label);
  });
});

describe("evaluateExpectations", () => {
  const halt: PlaygroundOutcome = { kind: "halt", say: "CALL_SUPPORT" };
  const failure: PlaygroundOutcome = { kind: "error", errorType: "http_error", message: "HTTP 500", explanation };

  it.each<[string, Expectation, Partial<RunFacts>, boolean, unknown, string | null]>([
    ["outcome", { kind: "outcome", equals: "success" }, {}, true, "success", null],
    ["outcome differs", { kind: "outcome", equals: "success" }, { outcome: failure }, false, "error", 'expected outcome "success", got "error" (http_error: HTTP 500)'],
    ["error type", { kind: "error_type", equals: "http_error" }, { outcome: failure }, true, "http_error", null],
    ["error type on a success", { kind: "error_type", equals: "http_error" }, {}, false, null, 'expected error type "http_error", got null'],
    ["status", { kind: "http_status", equals: 200 }, {}, true, 200, null],
    ["status differs", { kind: "http_status", equals: 200 }, { status: 500 }, false, 500, "expected HTTP status 200, got 500"],
    ["result, keys in any order", { kind: "result_equals", value: { b: 1, a: [2] } }, { content: { a: [2], b: 1 } }, true, { a: [2], b: 1 }, null],
    ["path equals", { kind: "json_path_equals", path: "data.items.0.id", value: "A-17" }, {}, true, "A-17", null],
    ["path holding null equals null", { kind: "json_path_equals", path: "data.note", value: null }, {}, true, null, null],
    ["missing path is not null", { kind: "json_path_equals", path: "data.gone", value: null }, {}, false, null, "data.gone is missing"],
    ["path without a JSON body", { kind: "json_path_equals", path: "a", value: 1 }, { document: MISSING }, false, null, "the response has no JSON body"],
    ["path matches a number as text", { kind: "json_path_matches", path: "count", pattern: "^\\d$" }, {}, true, 2, null],
    ["path matches an object as JSON", { kind: "json_path_matches", path: "data.items", pattern: '"id":"A-' }, {}, true, [{ id: "A-17" }], null],
    ["path does not match", { kind: "json_path_matches", path: "data.status", pattern: "^fail" }, {}, false, "ok", 'data.status is "ok", which does not match'],
    ["a catastrophic pattern runs in linear time", { kind: "json_path_matches", path: "long", pattern: "^(a+)+$" }, { document: { long: `${"a".repeat(50_000)}!` } }, false, `${"a".repeat(50_000)}!`, `long is "${"a".repeat(58)}…, which does not match`],
    ["missing path never matches", { kind: "json_path_matches", path: "nope", pattern: ".*" }, {}, false, null, "nope is missing"],
    ["halts", { kind: "halts", equals: true }, { outcome: halt }, true, true, null],
    ["does not halt", { kind: "halts", equals: true }, {}, false, false, "expected halts true, got false"],
    ["say text", { kind: "say_text", equals: "CALL_SUPPORT" }, { outcome: halt }, true, "CALL_SUPPORT", null],
    ["says nothing without a halt", { kind: "say_text", equals: null }, {}, true, null, null],
  ])("%s", (_name, expectation, overrides, passed, actual, difference) => {
    const [result] = evaluateExpectations([expectation], facts(overrides));
    expect(result).toMatchObject({ expectation, label: describeExpectation(expectation), passed, actual, difference });
  });

  it("reports expected next to actual", () => {
    const [result] = evaluateExpectations([{ kind: "json_path_equals", path: "data.status", value: "closed" }], facts());
    expect(result).toMatchObject({ expected: "closed", actual: "ok", passed: false });
  });
});

describe("suggestExpectations", () => {
  it("suggests nothing for a dry run", () => {
    expect(suggestExpectations(facts({ outcome: { kind: "dry_run" }, status: null }))).toEqual([]);
  });

  it("suggests outcome, status, result, a few body values and the halt for a success", () => {
    expect(suggestExpectations(facts())).toEqual([
      { kind: "outcome", equals: "success" },
      { kind: "http_status", equals: 200 },
      { kind: "result_equals", value: "ok" },
      { kind: "json_path_equals", path: "data.status", value: "ok" },
      { kind: "json_path_equals", path: "data.note", value: null },
      { kind: "json_path_equals", path: "data.items.0.id", value: "A-17" },
      { kind: "json_path_equals", path: "count", value: 2 },
      { kind: "halts", equals: false },
    ]);
  });

  it("suggests the halt and its say text", () => {
    const suggested = suggestExpectations(facts({ outcome: { kind: "halt", say: null }, document: MISSING }));
    expect(suggested.slice(-2)).toEqual([{ kind: "halts", equals: true }, { kind: "say_text", equals: null }]);
  });

  it("suggests the error type and status for a failure, nothing about a result", () => {
    const outcome: PlaygroundOutcome = { kind: "error", errorType: "http_error", message: "m", explanation };
    expect(suggestExpectations(facts({ outcome, status: 500, content: null }))).toEqual([
      { kind: "outcome", equals: "error" },
      { kind: "error_type", equals: "http_error" },
      { kind: "http_status", equals: 500 },
    ]);
  });

  it("keeps at most five body values and skips keys a dotted path cannot name", () => {
    const document = { "a.b": 1, "": 2, ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i])) };
    const paths = suggestExpectations(facts({ document })).flatMap((e) => (e.kind === "json_path_equals" ? [e.path] : []));
    expect(paths).toEqual(["k0", "k1", "k2", "k3", "k4"]);
  });

  it("expects no volatile header an upstream echoes, neither as a body value nor inside the whole result", () => {
    const echo = { method: "POST", headers: { connection: "keep-alive", date: "Tue, 01 Dec 2026 10:00:00 GMT", host: "api.example.com", "transfer-encoding": "chunked" } };
    const suggested = suggestExpectations(facts({ content: JSON.stringify(echo), document: echo }));
    expect(suggested.filter((e) => e.kind === "json_path_equals")).toEqual([
      { kind: "json_path_equals", path: "method", value: "POST" },
      { kind: "json_path_equals", path: "headers.host", value: "api.example.com" },
    ]);
    expect(suggested.some((e) => e.kind === "result_equals")).toBe(false);
  });

  it("every suggestion passes against the run it came from", () => {
    const run = facts();
    const results = evaluateExpectations(suggestExpectations(run), run);
    expect(results.every((result) => result.passed)).toBe(true);
  });
});

describe("jsonEquals", () => {
  it.each([
    [{ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }, true],
    [[1, 2], [2, 1], false],
    [{ a: undefined }, {}, false],
    [null, {}, false],
    [[], {}, false],
    ["1", 1, false],
  ])("%j vs %j → %s", (a, b, equal) => {
    expect(jsonEquals(a, b)).toBe(equal);
  });
});
