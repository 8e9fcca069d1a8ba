import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonSchema, ObjectSchema } from "../types";
import { argumentsFromStrict } from "./strict-arguments";
import { toProviderVariants, type ToolShape } from "./provider-specs";
import { anthropicRequestViolations, anthropicStrictViolations, geminiViolations, openaiPlainViolations, openaiStrictViolations } from "./test-support/provider-rules";
import { rootSchemaArbitrary, valueArbitrary } from "./test-support/schema-arbitrary";
import { expectRoundTrip, validForStored } from "./test-support/strict-round-trip";

const tool = (parameters: ObjectSchema, name = "lookup_order"): ToolShape => ({ name, description: "Look up an order.", parameters, sideEffect: false, origin: "data", method: "GET" });
const one = (properties: Record<string, JsonSchema>, required: string[] = []): ToolShape => tool({ type: "object", properties, required });
const openai = (shape: ToolShape) => toProviderVariants([shape], "openai")[0]!;

function nested(depth: number): JsonSchema {
  return depth === 0 ? { type: "string" } : { type: "object", properties: { inner: nested(depth - 1) }, required: ["inner"] };
}

describe("OpenAI's strict variant", () => {
  it("lists every property as required, makes optional ones nullable and closes every object", () => {
    const variant = openai(
      one(
        {
          id: { type: "string" },
          units: { type: "string", enum: ["metric", "imperial"] },
          kind: { type: "string", const: "order" },
          filter: { type: "object", properties: { status: { type: "string" } } },
          ids: { type: "array", items: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] } },
        },
        ["id", "ids"],
      ),
    );
    expect(variant.verdict).toBe("strict");
    expect(variant.findings).toEqual([]);
    expect(variant.spec.function).toEqual({
      name: "lookup_order",
      description: "Look up an order.",
      strict: true,
      parameters: {
        type: "object",
        properties: {
          id: { type: "string" },
          units: { type: ["string", "null"], enum: ["metric", "imperial", null] },
          kind: { type: ["string", "null"], enum: ["order", null] },
          filter: { type: ["object", "null"], properties: { status: { type: ["string", "null"] } }, required: ["status"], additionalProperties: false },
          ids: { type: "array", items: { type: "object", properties: { n: { type: "integer" } }, required: ["n"], additionalProperties: false } },
        },
        required: ["id", "units", "kind", "filter", "ids"],
        additionalProperties: false,
      },
    });
  });

  it("states what strict mode does not take in the description, and says so in the details", () => {
    const variant = openai(one({ code: { type: "string", description: "The code.", minLength: 2, format: "uri", default: "x", $comment: "internal" } }, ["code"]));
    expect(variant.verdict).toBe("strict");
    expect(variant.spec.function.parameters).toMatchObject({ properties: { code: { type: "string", description: "The code. At least 2 characters. Format: uri. Default: \"x\"." } } });
    expect(variant.findings.map((finding) => [finding.severity, finding.path])).toEqual([
      ["changed", "parameters.properties.code.minLength"],
      ["changed", "parameters.properties.code.format"],
      ["changed", "parameters.properties.code.default"],
      ["changed", "parameters.properties.code.$comment"],
    ]);
    expect(variant.reason).toBe("Sent with strict: true; 4 keywords OpenAI does not take are rewritten (details).");
  });

  // One row per reason a schema has no strict variant: sent as stored with strict: false, and why.
  it.each<[string, ToolShape, string, RegExp]>([
    ["a free-form object", one({ meta: { type: "object", properties: {} } }, ["meta"]), "parameters.properties.meta", /declares no properties/],
    ["a map", one({ labels: { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "string" } } }, ["labels"]), "parameters.properties.labels.additionalProperties", /keys it does not declare/],
    ["additionalProperties: true", one({ labels: { type: "object", properties: { a: { type: "string" } }, additionalProperties: true } }, ["labels"]), "parameters.properties.labels.additionalProperties", /keys it does not declare/],
    ["an optional nullable property", one({ note: { type: "string", nullable: true } }), "parameters.properties.note", /could not tell null from "not given"/],
    ["11 levels of nested objects", one({ deep: nested(10) }, ["deep"]), `parameters.properties.deep${".properties.inner".repeat(9)}`, /more than 10 levels/],
    ["1,001 enum values", one({ sku: { type: "string", enum: Array.from({ length: 1001 }, (_, i) => `s${i}`) } }, ["sku"]), "parameters", /1001 enum values/],
    ["5,001 properties", tool({ type: "object", properties: Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`p${i}`, { type: "string" as const }])) }), "parameters", /5001 properties/],
    ["a large enum of long strings", one({ city: { type: "string", enum: Array.from({ length: 300 }, (_, i) => `${"x".repeat(60)}${i}`) } }, ["city"]), "parameters.properties.city", /more than 250 values/],
  ])("is not made for %s", (_label, shape, path, reason) => {
    const variant = openai(shape);
    expect(variant.verdict).toBe("accepted");
    expect(variant.spec.function.strict).toBe(false);
    expect(variant.spec.function.parameters).toEqual(shape.parameters);
    expect(variant.reason).toMatch(/^Sent with strict: false: /);
    expect(variant.reason).toMatch(reason);
    expect(variant.findings).toEqual([{ provider: "openai", severity: "note", path, message: variant.reason }]);
    expect(openaiPlainViolations(variant.spec)).toEqual([]);
  });

  it("sends strict: false for every tool when asked", () => {
    const [variant] = toProviderVariants([one({ id: { type: "string" } })], "openai", { strict: false });
    expect(variant?.spec.function).toMatchObject({ strict: false, parameters: { type: "object", properties: { id: { type: "string" } }, required: [] } });
    expect(variant?.verdict).toBe("accepted");
  });

  it("is refused, not merely non-strict, when OpenAI refuses the tool anyway", () => {
    const variant = openai(one({ ids: { type: "array" } }, ["ids"]));
    expect(variant.verdict).toBe("refused");
    expect(variant.findings.map((finding) => finding.severity)).toEqual(["refused"]);
  });
});

describe("Anthropic's variants", () => {
  const small = (name: string, optional = 0) =>
    tool({ type: "object", properties: { id: { type: "string", minLength: 1 }, ...Object.fromEntries(Array.from({ length: optional }, (_, i) => [`o${i}`, { type: "string" as const }])) }, required: ["id"] }, name);

  it("are plain by default, saying whether strict is available on request", () => {
    const [plain] = toProviderVariants([small("a")], "anthropic");
    expect(plain?.spec).toEqual({ name: "a", description: "Look up an order.", input_schema: small("a").parameters });
    expect(plain?.verdict).toBe("accepted");
    expect(plain?.reason).toBe("Sent as written; strict tool use is available on request (?strict=true).");
    const [open] = toProviderVariants([one({ meta: { type: "object", properties: {} } }, ["meta"])], "anthropic");
    expect(open?.reason).toMatch(/^Sent as written; strict tool use is not possible: the object declares no properties/);
  });

  it("go strict on request, keeping optional parameters optional and moving unsupported bounds", () => {
    const [variant] = toProviderVariants([small("a", 1)], "anthropic", { strict: true });
    expect(variant?.verdict).toBe("strict");
    expect(variant?.spec).toEqual({
      name: "a",
      description: "Look up an order.",
      strict: true,
      input_schema: { type: "object", properties: { id: { type: "string", description: "At least 1 character." }, o0: { type: "string" } }, required: ["id"], additionalProperties: false },
    });
  });

  it("stay within a request's budget: 20 strict tools, 24 optional parameters in all", () => {
    const tools = [small("big", 20), small("fits", 4), small("over", 1), ...Array.from({ length: 20 }, (_, i) => small(`t${i}`))];
    const variants = toProviderVariants(tools, "anthropic", { strict: true });
    expect(variants.map((variant) => variant.verdict)).toEqual(["strict", "strict", "accepted", ...Array(18).fill("strict"), "accepted", "accepted"]);
    expect(variants[2]?.reason).toBe("Sent without strict: its 1 optional parameters would take the request past 24 in all.");
    expect(variants[22]?.reason).toBe("Sent without strict: the request already holds 20 strict tools, the most Anthropic takes.");
    expect(anthropicRequestViolations(variants.map((variant) => variant.spec))).toEqual([]);
    const [alone] = toProviderVariants([small("huge", 25)], "anthropic", { strict: true });
    expect(alone?.reason).toBe("Sent without strict: it has 25 optional parameters; a request takes at most 24.");
  });
});

describe("argumentsFromStrict", () => {
  const parameters: ObjectSchema = {
    type: "object",
    properties: {
      id: { type: "string" },
      note: { type: "string" },
      maybe: { type: "string", nullable: true },
      filter: { type: "object", properties: { status: { type: "string" }, tag: { type: "string" } }, required: ["status"] },
      lines: { type: "array", items: { type: "object", properties: { sku: { type: "string" }, qty: { type: "integer" } }, required: ["sku"] } },
    },
    required: ["id"],
  };
  it.each<[string, unknown, unknown]>([
    ["drops null for an optional key", { id: "1", note: null }, { id: "1" }],
    ["keeps null for a required key (validation then says it is wrong)", { id: null }, { id: null }],
    ["keeps null where the stored schema accepts it", { id: "1", maybe: null }, { id: "1", maybe: null }],
    ["drops nulls inside objects", { id: "1", filter: { status: null, tag: null } }, { id: "1", filter: { status: null } }],
    ["drops nulls inside array items", { id: "1", lines: [{ sku: "a", qty: null }, { sku: "b", qty: 2 }] }, { id: "1", lines: [{ sku: "a" }, { sku: "b", qty: 2 }] }],
    ["keeps undeclared keys (validation judges them)", { id: "1", extra: null }, { id: "1", extra: null }],
    ["keeps an argument named __proto__ as an argument", JSON.parse('{"id":"1","__proto__":{"x":1}}'), JSON.parse('{"id":"1","__proto__":{"x":1}}')],
    ["leaves arguments that are not an object alone", ["id"], ["id"]],
    ["leaves a null argument object alone", null, null],
  ])("%s", (_label, args, expected) => {
    const before = structuredClone(args);
    const back = argumentsFromStrict(parameters, args);
    expect(back).toEqual(expected);
    expect(Object.getPrototypeOf(back ?? {})).toBe(Array.isArray(back) ? Array.prototype : Object.prototype);
    expect(args).toEqual(before);
  });

  it("passes arguments without such a null on as they came, not a copy", () => {
    const args = { id: "1", note: "n", filter: { status: "open" }, lines: [{ sku: "a", qty: 1 }] };
    expect(argumentsFromStrict(parameters, args)).toBe(args);
  });
});

describe("variants for any schema", () => {
  it("meet their provider's published rules", () => {
    fc.assert(
      fc.property(rootSchemaArbitrary, (parameters) => {
        const shape = tool(parameters);
        const [strict] = toProviderVariants([shape], "openai");
        expect(strict!.spec.function.strict ? openaiStrictViolations(strict!.spec) : openaiPlainViolations(strict!.spec)).toEqual([]);
        if (!strict!.spec.function.strict) expect(strict!.findings.some((finding) => finding.severity === "note")).toBe(true);
        const [anthropic] = toProviderVariants([shape], "anthropic", { strict: true });
        if (anthropic!.spec.strict) expect(anthropicStrictViolations(anthropic!.spec)).toEqual([]);
        const [gemini] = toProviderVariants([shape], "gemini");
        if (gemini!.verdict !== "refused") expect(geminiViolations(gemini!.spec)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("round-trip every valid argument object through OpenAI's strict schema and back", () => {
    let checked = 0;
    const withArguments = rootSchemaArbitrary
      .map((parameters) => ({ parameters, variant: openai(tool(parameters)) }))
      .filter(({ variant }) => variant.spec.function.strict)
      .chain(({ parameters, variant }) => fc.tuple(fc.constant(parameters), fc.constant(variant.spec.function.parameters), fc.array(valueArbitrary(parameters), { minLength: 1, maxLength: 8 })));
    fc.assert(
      fc.property(withArguments, ([parameters, strictParameters, candidates]) => {
        for (const args of candidates.filter((candidate) => validForStored(parameters, candidate))) {
          expectRoundTrip(parameters, strictParameters, args);
          checked += 1;
        }
      }),
      { numRuns: 300 },
    );
    // Many candidates miss their schema's constraints; a run where few fit would prove little.
    expect(checked).toBeGreaterThan(200);
  }, 60_000);
});
