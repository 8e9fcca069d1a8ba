/**
 * The playground's vocabulary (issue 9): runs, their
 * outcomes, and the expectations of saved test cases. Types and constants only, free of server
 * code, so client components may import them; lib/playground/playground.ts and test-cases.ts
 * re-export them. Every view is plain JSON, already masked.
 */
import type { JsonValue, ObjectSchema, ToolErrorType } from "../tools/client";

export type PlaygroundMode = "dry_run" | "fire";

export type PlaygroundOutcome =
  | { readonly kind: "dry_run" }
  | { readonly kind: "success"; readonly halted: false }
  | { readonly kind: "halt"; readonly say: string | null }
  | {
      readonly kind: "error";
      readonly errorType: ToolErrorType;
      readonly message: string;
      readonly explanation: { readonly summary: string; readonly check: readonly string[] };
    };

/** The request as sent (or as a dry run would send it), secret values masked. */
export interface PlaygroundRequestView {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}

/** The saved test case a run was made for, as the history names it (the case may since be renamed or gone). */
export interface RunTestCase {
  readonly id: number;
  readonly name: string;
}

/** One dry run or fire, as recorded in the tool's run history. */
export interface PlaygroundRunView {
  readonly id: number;
  /** Its place among the tool's runs, from 1: the history says "Run 3" for the tool's third. */
  readonly number: number;
  /** The saved test case that made this run (Run all, a case's Run); null for a run from the form. */
  readonly testCase: RunTestCase | null;
  readonly toolName: string;
  readonly toolOrigin: "data" | "code";
  /** Data tools: the stored version run; code tools: null. */
  readonly toolVersion: number | null;
  readonly mode: PlaygroundMode;
  readonly actorEmail: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** As sent: schema defaults applied, masked. */
  readonly arguments: JsonValue;
  readonly context: Readonly<Record<string, string>>;
  readonly outcome: PlaygroundOutcome;
  readonly durationMs: number | null;
  /** The upstream's HTTP status, when one was received. */
  readonly status: number | null;
  readonly request: PlaygroundRequestView | null;
  readonly responseHeaders: Readonly<Record<string, string>> | null;
  /** The raw body, masked, cut at {@link DISPLAY_BODY_LIMIT} characters (then `responseBodyTruncated`). */
  readonly responseBody: string | null;
  readonly responseBodyTruncated: boolean;
  /** Exactly what the model receives (toolResponseToJSON); null for a dry run. */
  readonly result: JsonValue | null;
  /** The request as a curl command, secrets masked; null for code tools and when nothing was rendered. */
  readonly curl: string | null;
  readonly warnings: readonly string[];
  /** What "Save as test case" offers, derived from this run. */
  readonly suggestedExpectations: readonly Expectation[];
}

/** What the Test panel needs to render its form. */
export interface PlaygroundToolView {
  readonly name: string;
  readonly origin: "data" | "code";
  readonly version: number | null;
  readonly description: string;
  readonly parameters: ObjectSchema;
  readonly sideEffect: boolean;
  /** Data tools: the request's method and host, for the side-effect confirmation; null for code tools. */
  readonly method: string | null;
  readonly host: string | null;
}

/** Characters of a response body kept for display (64 KiB of text); the rest is cut. */
export const DISPLAY_BODY_LIMIT = 64 * 1024;

export const OUTCOME_KINDS = ["success", "halt", "error"] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

export const EXPECTATION_KINDS = [
  "outcome",
  "error_type",
  "http_status",
  "result_equals",
  "json_path_equals",
  "json_path_matches",
  "halts",
  "say_text",
] as const;
export type ExpectationKind = (typeof EXPECTATION_KINDS)[number];

/** One thing a saved test case checks about a fire. */
export type Expectation =
  | { readonly kind: "outcome"; readonly equals: OutcomeKind }
  | { readonly kind: "error_type"; readonly equals: ToolErrorType }
  | { readonly kind: "http_status"; readonly equals: number }
  /** The result the model receives (the response's content). */
  | { readonly kind: "result_equals"; readonly value: JsonValue }
  /** A dotted path (SPEC §1.4) into the response body parsed as JSON (data tools) or into the result (code tools). */
  | { readonly kind: "json_path_equals"; readonly path: string; readonly value: JsonValue }
  /** The value at the path, as text (JSON for objects and arrays), matches the regular expression (run in linear time, as parameter patterns are: no lookaround or backreferences). */
  | { readonly kind: "json_path_matches"; readonly path: string; readonly pattern: string }
  | { readonly kind: "halts"; readonly equals: boolean }
  | { readonly kind: "say_text"; readonly equals: string | null };

/** How one expectation fared; `expected` and `actual` are masked. */
export interface ExpectationResult {
  readonly expectation: Expectation;
  /** e.g. "HTTP status is 200". */
  readonly label: string;
  readonly passed: boolean;
  readonly expected: JsonValue;
  /** null also when there was nothing (a missing path): `difference` says which. */
  readonly actual: JsonValue;
  /** A sentence saying how the run differed, e.g. "data.status is missing"; null when it passed. */
  readonly difference: string | null;
}

export type ToolHealth = "passing" | "failing" | "never_run";

export interface TestCaseView {
  readonly id: number;
  readonly toolName: string;
  readonly name: string;
  readonly arguments: JsonValue;
  readonly context: Readonly<Record<string, string>>;
  readonly expectations: readonly Expectation[];
  readonly createdBy: string;
  readonly createdAt: string;
  /** When its name, arguments, context or expectations last changed (ISO 8601): what an edit is based on. */
  readonly updatedAt: string;
  readonly lastRun: { readonly at: string; readonly by: string; readonly passed: boolean; readonly results: readonly ExpectationResult[] } | null;
}

export interface TestCaseRunResult {
  readonly caseId: number;
  readonly name: string;
  readonly passed: boolean;
  readonly results: readonly ExpectationResult[];
  /** The fire, as recorded in the tool's run history under the case's name. */
  readonly run: PlaygroundRunView;
}
