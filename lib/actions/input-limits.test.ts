/**
 * Every input a server action or route handler takes from an operator is bounded:
 * 1. each schema exported from a domain's `schemas.ts` has a maximum on every string, list and map
 *    and a byte cap on every free JSON value (walked, so a new unbounded field fails here);
 * 2. action files (`lib/<domain>/actions.ts`) and route handlers build no schema that carries text
 *    or structure: they import them from there;
 * 3. table-driven, per field: a value at the limit is accepted, one past it refused with a message
 *    naming the limit.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError, type ValidationIssue } from "../errors";
import { BOUNDED, boundedJson, boundedList, boundedName, boundedRecord, boundedText, describeLimit, INPUT_LIMITS, jsonByteSize } from "./input-limits";
import { newUserSchema } from "../operators/schemas";
import { parseInput } from "./parse-input";
import { newApiKeySchema } from "../agent-door/schemas";
import { saveCredentialSchema } from "../credentials/server/schemas";
import { curlCommandSchema, curlDraftUpdateSchema, importChoicesSchema, importTextSchema, openApiSourceSchema } from "../imports/schemas";
import { newPersonaSchema, personaDetailsSchema, setGrantSchema, toggleToolsSchema } from "../personas/server/schemas";
import { runSchema, saveTestCaseSchema } from "../playground/schemas";
import { consoleQuerySchema, deleteToolSchema, saveToolSchema } from "../catalog/schemas";

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Every file under `dir` (relative to the project root) whose name `matches`. */
function filesNamed(matches: RegExp, dir: string): string[] {
  return fs.readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const child = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "generated" ? [] : filesNamed(matches, child);
    return matches.test(entry.name) ? [child] : [];
  });
}

interface Check {
  readonly _zod: { readonly def: { readonly check: string } };
}
interface Def {
  readonly type: string;
  readonly checks?: readonly Check[];
  readonly [key: string]: unknown;
}
const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;
const hasMaximum = (def: Def) => (def.checks ?? []).some((check) => ["max_length", "length_equals"].includes(check._zod.def.check));
const SCALARS = new Set(["boolean", "number", "int", "literal", "enum", "null", "undefined", "date", "nan"]);
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "nonoptional", "catch"]);

/** Where `schema` accepts input of unbounded size: a path per string, list, map or JSON value without a limit. */
function unboundedParts(schema: z.ZodType, at = "(value)"): string[] {
  const def = defOf(schema);
  const child = (key: string) => (at === "(value)" ? key : `${at}.${key}`);
  if (SCALARS.has(def.type)) return [];
  if (WRAPPERS.has(def.type)) return unboundedParts(def.innerType as z.ZodType, at);
  switch (def.type) {
    case "string":
      return hasMaximum(def) ? [] : [at];
    case "array":
      return [...(hasMaximum(def) ? [] : [at]), ...unboundedParts(def.element as z.ZodType, child("[]"))];
    case "record":
      return [
        ...(BOUNDED.get(schema)?.maxEntries ? [] : [at]),
        ...unboundedParts(def.keyType as z.ZodType, child("(key)")),
        ...unboundedParts(def.valueType as z.ZodType, child("(value)")),
      ];
    case "unknown":
    case "any":
      return BOUNDED.get(schema)?.maxBytes ? [] : [at];
    case "object":
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) => unboundedParts(field, child(key)));
    case "union":
      return (def.options as z.ZodType[]).flatMap((option) => unboundedParts(option, at));
    case "pipe":
      // Input meets the pipe's first schema; what it hands on has passed that bound already.
      return unboundedParts(def.in as z.ZodType, at);
    default:
      return [`${at} (a ${def.type} schema this check does not know)`];
  }
}

const isSchema = (value: unknown): value is z.ZodType => typeof value === "object" && value !== null && "_zod" in value;

describe("the bound check", () => {
  it("finds every unbounded part of a schema", () => {
    const schema = z.object({
      name: z.string().min(1),
      tags: z.array(z.string().max(5)),
      headers: z.record(z.string(), z.string()),
      body: z.unknown(),
      picked: z.union([z.null(), z.array(z.string()).max(3)]).optional(),
    });
    expect(unboundedParts(schema)).toEqual(["name", "tags", "headers", "headers.(key)", "headers.(value)", "body", "picked.[]"]);
  });

  it("accepts what the builders make", () => {
    const schema = z.object({
      name: boundedText(10).min(1),
      tags: boundedList(boundedText(5)),
      headers: boundedRecord(boundedText(5), boundedText(5)),
      body: boundedJson(100),
      day: boundedText(10).transform((text) => text.length),
    });
    expect(unboundedParts(schema)).toEqual([]);
  });
});

describe("action input schemas", () => {
  const files = filesNamed(/^schemas\.ts$/, "lib");

  it("are found in the domains", () => {
    expect(files).toEqual(expect.arrayContaining(["lib/catalog/schemas.ts", "lib/personas/server/schemas.ts", "lib/playground/schemas.ts"]));
  });

  it.each(files)("%s bounds every field of every schema it exports", async (file) => {
    const exports = (await import(path.join(PROJECT_ROOT, file))) as Record<string, unknown>;
    const schemas = Object.entries(exports).filter((entry): entry is [string, z.ZodType] => isSchema(entry[1]));
    expect(schemas.length).toBeGreaterThan(0);
    expect(schemas.flatMap(([name, schema]) => unboundedParts(schema).map((part) => `${name}: ${part}`))).toEqual([]);
  });
});

/** A zod schema that can carry text or structure, built inline (booleans and numbers cannot grow). */
const CARRIES_DATA = /\bz\s*\.\s*(string|array|record|map|set|tuple|object|strictObject|looseObject|union|discriminatedUnion|intersection|unknown|any|json|lazy|custom)\s*\(/g;

/** Every server action file (in the domains) and route handler (under app/). */
function actionFiles(): string[] {
  return [...filesNamed(/^actions\.ts$/, "lib"), ...filesNamed(/^route\.ts$/, "app")];
}

describe("action files and route handlers", () => {
  it("are found", () => {
    expect(actionFiles()).toContain("lib/catalog/actions.ts");
    expect(actionFiles()).toContain("app/api/playground/runs/route.ts");
  });

  it("build no schema that can carry text or structure: those come from the domains' schemas.ts, where every one is bounded", () => {
    const inline = actionFiles().flatMap((file) =>
      [...fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8").matchAll(CARRIES_DATA)].map((match) => `${file}: ${match[0]}`),
    );
    expect(inline).toEqual([]);
  });

  it("the inline check catches what it should, and leaves a boolean alone", () => {
    expect("z.string().max(3) z.array(x) z.record(a, b) z.unknown() z.object({})".match(CARRIES_DATA)).toHaveLength(5);
    expect("parseInput(z.boolean(), active); z.number().int()".match(CARRIES_DATA)).toBeNull();
  });
});

const text = (length: number) => "x".repeat(length);

/** A schema, an input it accepts, and a field to push to its limit. */
interface LimitCase {
  readonly schema: z.ZodType;
  readonly valid: Record<string, unknown>;
  readonly field: string;
  readonly limit: number;
  /** The field's value at `size`; plain text by default. */
  readonly value?: (size: number) => unknown;
  readonly unit?: "characters" | "bytes" | "entries";
}

/** A JSON value of exactly `bytes` bytes as JSON text. */
const jsonOfSize = (bytes: number) => ({ s: text(bytes - jsonByteSize({ s: "" })) });
/** A list of `count` distinct names. */
const names = (count: number) => Array.from({ length: count }, (_, index) => `t${index}`);
/** A map of `count` entries. */
const entries = <T>(count: number, value: T) => Object.fromEntries(names(count).map((name) => [name, value]));

const persona = { name: "Support", slug: "support", description: "", parentSlug: null, grant: null };
const apiKey = { name: "Bot", personaSlugs: ["support"], expiresOn: "" };
const save = { document: {}, currentName: null, baseVersion: null, secrets: {}, renamePersonaReferences: false, note: "" };
const run = { toolName: "lookup", mode: "dry_run", arguments: {}, context: {} };
const testCase = { toolName: "lookup", name: "ok", arguments: {}, context: {}, expectations: [] };
const curlDraft = {
  handle: "h",
  document: { name: "t", description: "", parameters: { type: "object", properties: {}, required: [] }, request: { method: "GET", url: "https://a.example", headers: {}, query: {}, body: null }, secret_headers: [] },
};

const credential = { input: { name: "vendor", kind: "header" }, existingName: null, basedOnVersion: null, clearSecret: false };

const LIMIT_CASES: Record<string, LimitCase> = {
  "persona name": { schema: newPersonaSchema, valid: persona, field: "name", limit: INPUT_LIMITS.displayName },
  "persona slug": { schema: newPersonaSchema, valid: persona, field: "slug", limit: INPUT_LIMITS.slug },
  "persona description": { schema: newPersonaSchema, valid: persona, field: "description", limit: INPUT_LIMITS.description },
  "persona parent": { schema: newPersonaSchema, valid: persona, field: "parentSlug", limit: INPUT_LIMITS.slug },
  "persona grant": { schema: newPersonaSchema, valid: persona, field: "grant", limit: INPUT_LIMITS.listEntries, value: names, unit: "entries" },
  "renamed persona": { schema: personaDetailsSchema, valid: { slug: "support", name: "S", description: "" }, field: "name", limit: INPUT_LIMITS.displayName },
  "re-described persona": { schema: personaDetailsSchema, valid: { slug: "support", name: "S", description: "" }, field: "description", limit: INPUT_LIMITS.description },
  "granted tool name": { schema: setGrantSchema, valid: { slug: "support", grant: [] }, field: "grant", limit: INPUT_LIMITS.toolName, value: (size) => [text(size)] },
  "switched tools": { schema: toggleToolsSchema, valid: { slug: "support", tools: ["a"], enabled: true }, field: "tools", limit: INPUT_LIMITS.listEntries, value: names, unit: "entries" },
  "API key name": { schema: newApiKeySchema, valid: apiKey, field: "name", limit: INPUT_LIMITS.displayName },
  "API key persona": { schema: newApiKeySchema, valid: apiKey, field: "personaSlugs", limit: INPUT_LIMITS.slug, value: (size) => [text(size)] },
  "tool definition": { schema: saveToolSchema, valid: save, field: "document", limit: INPUT_LIMITS.definitionBytes, value: jsonOfSize, unit: "bytes" },
  "revision note": { schema: saveToolSchema, valid: save, field: "note", limit: INPUT_LIMITS.note },
  "tool's stored name": { schema: saveToolSchema, valid: save, field: "currentName", limit: INPUT_LIMITS.toolName },
  "secret value": { schema: saveToolSchema, valid: save, field: "secrets", limit: INPUT_LIMITS.secretValue, value: (size) => ({ Authorization: { value: text(size) } }) },
  "secret header": { schema: saveToolSchema, valid: save, field: "secrets", limit: INPUT_LIMITS.headerName, value: (size) => ({ [text(size)]: { clear: true } }) },
  "deleted tool": { schema: deleteToolSchema, valid: { name: "t", baseVersion: 1 }, field: "name", limit: INPUT_LIMITS.toolName },
  "run arguments": { schema: runSchema, valid: run, field: "arguments", limit: INPUT_LIMITS.argumentsBytes, value: jsonOfSize, unit: "bytes" },
  "run tool": { schema: runSchema, valid: run, field: "toolName", limit: INPUT_LIMITS.toolName },
  "run context value": { schema: runSchema, valid: run, field: "context", limit: INPUT_LIMITS.contextValue, value: (size) => ({ chat_id: text(size) }) },
  "test case name": { schema: saveTestCaseSchema, valid: testCase, field: "name", limit: 80 },
  "test case expectations": { schema: saveTestCaseSchema, valid: testCase, field: "expectations", limit: INPUT_LIMITS.expectationsBytes, value: jsonOfSize, unit: "bytes" },
  "import choices": { schema: importChoicesSchema, valid: {}, field: "", limit: INPUT_LIMITS.listEntries, value: (size) => entries(size, "skip"), unit: "entries" },
  "OpenAPI URL": { schema: openApiSourceSchema, valid: { source: { kind: "text", text: "{}" } }, field: "source", limit: INPUT_LIMITS.url, value: (size) => ({ kind: "url", url: text(size) }) },
  "OpenAPI base URL": { schema: openApiSourceSchema, valid: { source: { kind: "text", text: "{}" } }, field: "baseUrl", limit: INPUT_LIMITS.url },
  "credential fields": { schema: saveCredentialSchema, valid: credential, field: "input", limit: INPUT_LIMITS.credentialBytes, value: jsonOfSize, unit: "bytes" },
  "credential's stored name": { schema: saveCredentialSchema, valid: credential, field: "existingName", limit: INPUT_LIMITS.toolName },
  "curl draft handle": { schema: curlDraftUpdateSchema, valid: curlDraft, field: "handle", limit: INPUT_LIMITS.id },
  "curl draft document": { schema: curlDraftUpdateSchema, valid: curlDraft, field: "document", limit: INPUT_LIMITS.definitionBytes, value: (size) => ({ ...curlDraft.document, description: text(size - jsonByteSize(curlDraft.document)) }), unit: "bytes" },
};

/** The issues parseInput (what every action calls) reports for `input`; none when it is accepted. */
function refusal(schema: z.ZodType, input: unknown): readonly ValidationIssue[] {
  try {
    parseInput(schema, input);
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.issues;
  }
}

/** The input with `field` set to `value` ("" is the whole input). */
const withField = ({ valid, field }: LimitCase, value: unknown) => (field === "" ? value : { ...valid, [field]: value });

describe("limits per field", () => {
  it.each(Object.entries(LIMIT_CASES))("%s: accepted at the limit, refused past it with the limit named", (_, limitCase) => {
    const { schema, limit, value = text, unit = "characters" } = limitCase;
    expect(schema.safeParse(limitCase.valid).success).toBe(true);
    expect(schema.safeParse(withField(limitCase, value(limit))).success).toBe(true);
    const issues = refusal(schema, withField(limitCase, value(limit + 1)));
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((issue) => issue.path.startsWith(limitCase.field) && issue.message.includes(describeLimit(limit, unit)))).toBe(true);
  });

  it.each([
    ["the console search", consoleQuerySchema, INPUT_LIMITS.search],
    ["a pasted curl command", curlCommandSchema, INPUT_LIMITS.curlCommand],
    ["an import document", importTextSchema, INPUT_LIMITS.document],
  ] as const)("%s: accepted at the limit, refused past it", (_, schema, limit) => {
    expect(schema.safeParse(text(limit)).success).toBe(true);
    expect(schema.safeParse(text(limit + 1)).error?.issues[0]?.message).toBe(`must be at most ${describeLimit(limit, "characters")}`);
  });

  it("counts a trimmed field after trimming, so padding around a name at the limit is no reason to refuse it", () => {
    expect(newPersonaSchema.safeParse({ ...persona, name: `  ${text(INPUT_LIMITS.displayName)}  ` }).success).toBe(true);
  });

  it("refuses a JSON value that cannot be measured", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(boundedJson(100).safeParse(cyclic).success).toBe(false);
  });
});

describe("describeLimit", () => {
  it.each([
    [64, "characters", "64 characters"],
    [4096, "characters", "4,096 characters"],
    [512, "bytes", "512 bytes"],
    [256 * 1024, "bytes", "256 KiB"],
    [4 * 1024 * 1024, "bytes", "4 MiB"],
    [1000, "entries", "1,000 entries"],
  ] as const)("%d %s → %s", (limit, unit, expected) => {
    expect(describeLimit(limit, unit)).toBe(expected);
  });
});

describe("names lose their control characters at the input boundary (issue 25, finding 5)", () => {
  const hostile = " Support\u001b[2J\u0007 bot\u202e ";

  it("strips them, then trims and bounds what is left", () => {
    expect(boundedName(20).parse(hostile)).toBe("Support[2J bot");
    expect(boundedName(5).safeParse("ab\u0000cdef").success).toBe(false);
    expect(boundedName(5).parse("ab\u0000cde")).toBe("abcde");
  });

  it.each([
    ["an API key's name", () => newApiKeySchema.shape.name],
    ["a persona's name", () => newPersonaSchema.shape.name],
    ["a test case's name", () => saveTestCaseSchema.shape.name],
    ["an operator's name", () => newUserSchema.shape.name],
  ])("for %s", (_what, schema) => {
    expect(schema().parse(hostile)).toBe("Support[2J bot");
  });
});
