/**
 * Real tool schemas, not generated ones: the seeded example tools and every tool the importer
 * makes of @readme/oas-examples (Swagger 2.0, OpenAPI 3.0 and 3.1). Each provider variant must
 * meet that provider's published rules (test-support/provider-rules.ts), and every strict variant
 * must round-trip argument objects valid for the stored schema. The share of strict tools is printed.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { inspectOpenApi } from "../../imports/openapi";
import { EXAMPLE_TOOLS } from "../../setup/seed-examples";
import { parseToolDefinition } from "../definition";
import { definitionShape, toProviderVariants, type ToolShape } from "./provider-specs";
import { anthropicRequestViolations, anthropicStrictViolations, geminiViolations, openaiPlainViolations, openaiStrictViolations } from "./test-support/provider-rules";
import { valueArbitrary } from "./test-support/schema-arbitrary";
import { expectRoundTrip, validForStored } from "./test-support/strict-round-trip";

const ROOT = path.join(process.cwd(), "node_modules/@readme/oas-examples");
const documents = ["2.0", "3.0", "3.1"].flatMap((version) =>
  readdirSync(path.join(ROOT, version, "json"))
    .filter((file) => file.endsWith(".json"))
    .map((file) => path.join(ROOT, version, "json", file)),
);

const corpus: ToolShape[] = [];

beforeAll(async () => {
  for (const document of EXAMPLE_TOOLS) corpus.push(definitionShape(parseToolDefinition(document)));
  for (const file of documents) {
    const inspected = await inspectOpenApi(readFileSync(file, "utf8"), { documentUrl: "https://docs.example.test/specs/openapi.json" });
    for (const operation of inspected.operations) if (operation.importable) corpus.push(definitionShape(parseToolDefinition(operation.tool)));
  }
}, 120_000);

describe("provider variants of real tool schemas", () => {
  it("meet each provider's rules, and strict ones round-trip valid arguments", () => {
    expect(corpus.length).toBeGreaterThan(500);
    const strict = { openai: 0, anthropic: 0, roundTrips: 0 };
    for (const tool of corpus) {
      const [openai] = toProviderVariants([tool], "openai");
      if (openai!.verdict === "refused") continue;
      if (openai!.spec.function.strict) {
        strict.openai += 1;
        expect(openaiStrictViolations(openai!.spec), tool.name).toEqual([]);
        for (const args of fc.sample(valueArbitrary(tool.parameters), { numRuns: 5, seed: 28 })) {
          if (!validForStored(tool.parameters, args)) continue;
          expectRoundTrip(tool.parameters, openai!.spec.function.parameters, args);
          strict.roundTrips += 1;
        }
      } else {
        expect(openaiPlainViolations(openai!.spec), tool.name).toEqual([]);
      }
      const [anthropic] = toProviderVariants([tool], "anthropic", { strict: true });
      if (anthropic!.spec.strict) {
        strict.anthropic += 1;
        expect(anthropicStrictViolations(anthropic!.spec), tool.name).toEqual([]);
      }
      const [gemini] = toProviderVariants([tool], "gemini");
      if (gemini!.verdict !== "refused") expect(geminiViolations(gemini!.spec), tool.name).toEqual([]);
    }
    console.log(
      `provider corpus: ${corpus.length} tools; OpenAI strict ${strict.openai} (${Math.round((100 * strict.openai) / corpus.length)}%), ` +
        `Anthropic strict when asked ${strict.anthropic}; ${strict.roundTrips} argument objects round-tripped`,
    );
    expect(strict.openai).toBeGreaterThan(corpus.length / 2);
    expect(strict.roundTrips).toBeGreaterThan(corpus.length);
  });

  it("keep a whole imported API within Anthropic's strict budget per request", () => {
    const variants = toProviderVariants(corpus, "anthropic", { strict: true });
    expect(anthropicRequestViolations(variants.map((variant) => variant.spec))).toEqual([]);
    expect(variants.filter((variant) => variant.verdict === "strict").length).toBeLessThanOrEqual(20);
  });
});
