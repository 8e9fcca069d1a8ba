import { describe, expect, it } from "vitest";
import { TOOL_ERROR_TYPES } from "../tools/client";
import { explainToolError } from "./error-explanations";

describe("explainToolError", () => {
  it.each(TOOL_ERROR_TYPES.map((type) => [type]))("explains %s in plain language with things to check", (type) => {
    const explanation = explainToolError(type);
    expect(explanation.summary).toMatch(/^[A-Z].{20,}\.$/);
    expect(explanation.check.length).toBeGreaterThan(0);
    for (const item of explanation.check) expect(item.trim().length).toBeGreaterThan(10);
  });

  it.each([
    [401, /not authenticated/, /secret headers/],
    [403, /refused the request/, /permissions or scopes/],
    [404, /nothing at that address/, /identifiers/],
    [429, /rate-limiting/, /Retry-After/],
    [500, /failed while handling/, /status page/],
    [503, /failed while handling/, /status page/],
    [422, /malformed or not acceptable/, /which field/],
    [null, /not treat as success/, /extract: status/],
  ])("explains an http_error with status %s by its class", (status, summary, check) => {
    const explanation = explainToolError("http_error", status);
    expect(explanation.summary).toMatch(summary);
    expect(explanation.check.join("\n")).toMatch(check);
  });

  it("gives each status class its own explanation", () => {
    const summaries = new Set([401, 403, 404, 429, 500, 400].map((status) => explainToolError("http_error", status).summary));
    expect(summaries.size).toBe(6);
  });
});
