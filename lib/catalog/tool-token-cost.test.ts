import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors";
import { PROVIDER_FORMATS, toolCost, toProviderSpecs } from "../tools";
import { toolShapeSchema } from "./schemas";
import { draftToolCost } from "./tool-token-cost";

const draft = {
  name: "lookup_order",
  description: "Look up one order by its id.",
  parameters: { type: "object", properties: { id: { type: "string", description: "The order id." } }, required: ["id"] },
  sideEffect: false,
  method: "GET" as const,
};

describe("the token cost of the tool being edited", () => {
  it("counts the draft's OpenAI specification and labels the other figures as what they are", () => {
    const cost = draftToolCost(draft);
    const shape = { ...draft, parameters: draft.parameters as never, origin: "data" as const };
    const [openai, anthropic, gemini, mcp] = PROVIDER_FORMATS.map((format) => toProviderSpecs([shape], format)[0]);
    expect(cost.name).toBe("lookup_order");
    expect(cost.tokens).toEqual(toolCost({ openai, anthropic, gemini, mcp }).tokens);
    expect(cost.tokens.anthropic).toBeGreaterThan(0);
    expect(cost.measures).toEqual({ openai: "counted", anthropic: "estimated", gemini: "estimated", mcp: "client_decides" });
    expect(cost.reason.summary).toMatch(/tokens|properties/);
  });

  it("counts an output schema into the MCP entry, which carries it", () => {
    const outputSchema = { type: "object", properties: { status: { type: "string", description: "Where the order is." } } };
    expect(draftToolCost({ ...draft, outputSchema }).tokens.mcp).toBeGreaterThan(draftToolCost(draft).tokens.mcp);
  });

  it.each([
    ["parameters that are not an object schema", { ...draft, parameters: { type: "string" } }, /^parameters/],
    ["an output schema that is not an object", { ...draft, outputSchema: ["no"] }, /^outputSchema$/],
  ])("refuses %s with the place to fix", (_label, input, path) => {
    let thrown: unknown;
    try {
      draftToolCost(input);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).issues[0]!.path).toMatch(path);
  });

  it("bounds what the editor may send", () => {
    expect(toolShapeSchema.safeParse(draft).success).toBe(true);
    expect(toolShapeSchema.safeParse({ ...draft, description: "x".repeat(300 * 1024) }).success).toBe(false);
    expect(toolShapeSchema.safeParse({ ...draft, method: "BREW" }).success).toBe(false);
  });
});
