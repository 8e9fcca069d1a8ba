import { describe, expect, it } from "vitest";
import { parseToolDefinition } from "./definition";
import { documentWith, problemsOf } from "./test-support/definition-fixtures";

function withFlat(parameters: unknown[]): Record<string, unknown> {
  return documentWith({ parameters, request: { url: "https://api.example.com/x" } });
}

describe("flat parameter sugar (SPEC §1.3)", () => {
  const lifted: { rule: string; flat: unknown[]; schema: unknown }[] = [
    { rule: "an empty list is no parameters", flat: [], schema: { type: "object", properties: {} } },
    ...["string", "number", "integer", "boolean"].map((type) => ({
      rule: `scalar ${type}`,
      flat: [{ name: "value", type }],
      schema: { type: "object", properties: { value: { type } } },
    })),
    ...["string", "number", "integer", "boolean"].map((type) => ({
      rule: `array:${type}`,
      flat: [{ name: "values", type: `array:${type}`, required: true }],
      schema: { type: "object", properties: { values: { type: "array", items: { type } } }, required: ["values"] },
    })),
    {
      rule: "descriptions, required flags and parameter order are kept, keywords in canonical order",
      flat: [
        { name: "zeta", type: "string", required: true, description: "last letter" },
        { name: "alpha", type: "integer", required: false },
        { name: "mid", type: "array:number", description: "some numbers", required: true },
      ],
      schema: {
        type: "object",
        properties: {
          zeta: { type: "string", description: "last letter" },
          alpha: { type: "integer" },
          mid: { type: "array", description: "some numbers", items: { type: "number" } },
        },
        required: ["zeta", "mid"],
      },
    },
  ];

  it.each(lifted)("lifts $rule to JSON Schema", ({ flat, schema }) => {
    const parameters = parseToolDefinition(withFlat(flat)).parameters;
    expect(JSON.stringify(parameters)).toBe(JSON.stringify(schema));
  });

  const refused: { rule: string; flat: unknown[]; path: string; message: string | RegExp }[] = [
    {
      rule: "a bare array",
      flat: [{ name: "ids", type: "array" }],
      path: "parameters.0.type",
      message: "an array needs an item type: write array:string, array:number, array:integer or array:boolean",
    },
    { rule: "an object", flat: [{ name: "address", type: "object" }], path: "parameters.0.type", message: /cannot describe objects.*JSON Schema instead \(\{"type": "object"/ },
    { rule: "an array of objects", flat: [{ name: "lines", type: "array:object" }], path: "parameters.0.type", message: /cannot describe objects.*JSON Schema instead/ },
    { rule: "an array of arrays", flat: [{ name: "grid", type: "array:array" }], path: "parameters.0.type", message: /nested lists/ },
    { rule: "an unknown type", flat: [{ name: "when", type: "date" }], path: "parameters.0.type", message: /"date" is not a parameter type: use one of string, number, integer, boolean, array:string/ },
    { rule: "a missing type", flat: [{ name: "city" }], path: "parameters.0.type", message: /is required/ },
    { rule: "a missing name", flat: [{ type: "string" }], path: "parameters.0.name", message: /is required/ },
    { rule: "a name against the name rule", flat: [{ name: "City", type: "string" }], path: "parameters.0.name", message: /not a valid name.*also its placeholder/ },
    {
      rule: "a name declared twice",
      flat: [{ name: "city", type: "string" }, { name: "city", type: "integer" }],
      path: "parameters.1.name",
      message: '"city" is declared twice: each parameter needs its own name',
    },
    { rule: "a non-boolean required", flat: [{ name: "city", type: "string", required: "yes" }], path: "parameters.0.required", message: /true or false/ },
    { rule: "a non-text description", flat: [{ name: "city", type: "string", description: 5 }], path: "parameters.0.description", message: /must be a string/ },
    { rule: "an unknown key", flat: [{ name: "city", type: "string", enum: ["a"] }], path: "parameters.0.enum", message: /unknown field "enum".*JSON Schema instead/ },
    { rule: "an entry that is not an object", flat: ["city"], path: "parameters.0", message: /must be an object \{"name", "type"/ },
  ];

  it.each(refused)("refuses $rule → $path", ({ flat, path, message }) => {
    const messages = problemsOf(withFlat(flat)).filter((issue) => issue.path === path).map((issue) => issue.message);
    expect(messages).toContainEqual(typeof message === "string" ? message : expect.stringMatching(message));
  });

  it("lets placeholders use lifted names", () => {
    const document = documentWith({ parameters: [{ name: "city", type: "string" }] });
    expect(parseToolDefinition(document).request.url).toBe("https://api.example.com/weather?q={{city}}");
  });

  it("reports every bad entry of the list together", () => {
    const paths = problemsOf(withFlat([{ name: "a", type: "array" }, { name: "b", type: "object" }, { name: "B", type: "string" }]))
      .map((issue) => issue.path);
    expect(paths).toEqual(["parameters.0.type", "parameters.1.type", "parameters.2.name"]);
  });
});
