import { describe, expect, it } from "vitest";
import { MAX_DEFINITION_BYTES, parseToolDefinition } from "./definition";
import { documentWith, problemsOf } from "./test-support/definition-fixtures";

// Definitions are stored, rendered and sent to every model provider: a size cap keeps one
// document from exhausting memory or a provider's limits.
describe("definition size", () => {
  /** A valid document of exactly `bytes` bytes as JSON, padded in a parameter's description (the tool's own is capped far lower). */
  function documentOfSize(bytes: number): Record<string, unknown> {
    const padded = (text: string) => documentWith({ parameters: { type: "object", properties: { city: { type: "string", description: text } }, required: ["city"] } });
    const padding = bytes - new TextEncoder().encode(JSON.stringify(padded(""))).length;
    return padded("d".repeat(padding));
  }

  it("accepts a definition of exactly 256 KiB as JSON", () => {
    const document = documentOfSize(MAX_DEFINITION_BYTES);
    expect(parseToolDefinition(document).name).toBe("get_weather");
  });

  it("refuses a larger one with one clear issue, before reading it", () => {
    expect(problemsOf(documentOfSize(MAX_DEFINITION_BYTES + 1))).toEqual([
      { path: "", message: "is 256.0 KiB as JSON; a tool definition may be at most 256 KiB: move long texts out of it" },
    ]);
  });
});
