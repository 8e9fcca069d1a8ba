/**
 * Definition documents for tests (ours and other parts'): a valid persisted-form document to vary
 * one field at a time, and a reader for the issues a refused document produces.
 */
import { ValidationError, type ValidationIssue } from "../../../errors";
import { parseToolDefinition } from "../definition";

/** The SPEC §1.1 example, as a fresh mutable object. */
export function referenceDocument(): Record<string, unknown> {
  return {
    name: "lookup_order",
    description: "Look up an order by id and return its status.",
    parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
    request: {
      method: "GET",
      url: "https://api.example.com/orders/{{order_id}}",
      headers: { Authorization: "Bearer sk-test-1234567890" },
      query: { tenant: "{{ctx.tenant}}" },
      body: null,
    },
    response: { extract: "json_path", path: "data.status" },
    secret_headers: ["Authorization"],
    side_effect: false,
    timeout: 10,
    group: "orders",
    tags: ["b2b"],
    halt_when: { json_path: "action", equals: ["ESCALATE"], say: { text: "CALL_SUPPORT" } },
    evidence: null,
  };
}

/** A minimal valid document with `overrides` applied at the top level (undefined removes a key). */
export function documentWith(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const document: Record<string, unknown> = {
    name: "get_weather",
    description: "Current weather for a city.",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    request: { method: "GET", url: "https://api.example.com/weather?q={{city}}" },
  };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete document[key];
    else document[key] = value;
  }
  return document;
}

/** A minimal valid document whose `request` has `overrides` applied. */
export function documentWithRequest(overrides: Record<string, unknown>): Record<string, unknown> {
  const request = { ...(documentWith().request as Record<string, unknown>), ...overrides };
  return documentWith({ request });
}

/**
 * The issues `parseToolDefinition(input)` reports. Throws when the input is accepted or when
 * anything other than a ValidationError escapes, so a test can never pass by accident.
 */
export function problemsOf(input: unknown): readonly ValidationIssue[] {
  try {
    parseToolDefinition(input);
  } catch (error) {
    if (error instanceof ValidationError) return error.issues;
    throw error;
  }
  throw new Error("expected the definition to be refused, but it was accepted");
}

/** Just the paths of {@link problemsOf}. */
export function problemPaths(input: unknown): string[] {
  return problemsOf(input).map((issue) => issue.path);
}
