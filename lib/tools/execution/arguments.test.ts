import Ajv from "ajv";
import { describe, expect, it, vi } from "vitest";
import type { ObjectSchema } from "../types";
import { createArgumentValidator, MAX_ARGUMENT_BYTES, validateArguments } from "./arguments";

function stringParameter(extra: Record<string, unknown> = {}): ObjectSchema {
  return { type: "object", properties: { code: { type: "string", ...extra } }, required: ["code"] } as ObjectSchema;
}

describe("validateArguments", () => {
  it("accepts valid arguments and names each problem", () => {
    const schema = stringParameter({ pattern: "^[A-Z]{2}-\\d+$" });
    expect(validateArguments(schema, { code: "DE-42" })).toEqual([]);
    expect(validateArguments(schema, { code: "de-42", extra: 1 })).toEqual([
      { path: "code", message: 'must match pattern "^[A-Z]{2}-\\d+$"' },
    ]);
    expect(validateArguments(schema, {})).toEqual([{ path: "code", message: "is required" }]);
    expect(validateArguments(schema, [])).toEqual([{ path: "", message: "arguments must be a JSON object" }]);
  });

  it("matches patterns in linear time: a catastrophic pattern on a hostile argument is answered", () => {
    // With JavaScript's backtracking engine this call would not return.
    const schema = stringParameter({ pattern: "^(a+)+$" });
    expect(validateArguments(schema, { code: `${"a".repeat(40_000)}!` })).toEqual([{ path: "code", message: 'must match pattern "^(a+)+$"' }]);
    expect(validateArguments(schema, { code: "a".repeat(40_000) })).toEqual([]);
  });

  it("refuses arguments over 64 KiB serialised, before validating them", () => {
    const schema = stringParameter();
    expect(validateArguments(schema, { code: "x".repeat(MAX_ARGUMENT_BYTES - 20) })).toEqual([]);
    expect(validateArguments(schema, { code: "é".repeat(MAX_ARGUMENT_BYTES / 2) })).toEqual([
      { path: "", message: `arguments are ${MAX_ARGUMENT_BYTES + 11} bytes as JSON; at most ${MAX_ARGUMENT_BYTES} (64 KiB) are accepted` },
    ]);
  });

  it("validates tools whose schemas share an $id independently (stored before $id was refused)", () => {
    const first = { ...stringParameter(), $id: "https://example.com/shared" } as ObjectSchema;
    const second = { type: "object", properties: { n: { type: "integer" } }, $id: "https://example.com/shared" } as ObjectSchema;
    expect(validateArguments(first, { code: "x" })).toEqual([]);
    expect(validateArguments(second, { n: "x" })).toEqual([{ path: "n", message: "must be integer" }]);
  });
});

describe("the compiled-schema cache", () => {
  it("keeps at most its limit, dropping the least recently used, and still validates what it dropped", () => {
    const validator = createArgumentValidator({ maxCachedSchemas: 3 });
    const schemas = Array.from({ length: 5 }, (_, index) => stringParameter({ maxLength: index + 1 }));
    for (const schema of schemas) expect(validator.validate(schema, { code: "a" })).toEqual([]);
    expect(validator.cachedSchemas()).toBe(3);
    // Recompiled after eviction, with the same verdict.
    expect(validator.validate(schemas[0]!, { code: "ab" })).toEqual([{ path: "code", message: "must NOT have more than 1 characters" }]);
    expect(validator.cachedSchemas()).toBe(3);
  });

  it("drops the least recently used, not the first compiled: a schema validated again stays", () => {
    const compile = vi.spyOn(Ajv.prototype, "compile");
    try {
      const validator = createArgumentValidator({ maxCachedSchemas: 2 });
      const [first, second, third] = [1, 2, 3].map((maxLength) => stringParameter({ maxLength }));
      for (const schema of [first, second, first, third]) validator.validate(schema!, { code: "a" });
      expect(compile).toHaveBeenCalledTimes(3);
      validator.validate(first!, { code: "a" });
      expect(compile).toHaveBeenCalledTimes(3);
      validator.validate(second!, { code: "a" });
      expect(compile).toHaveBeenCalledTimes(4);
      expect(validator.cachedSchemas()).toBe(2);
    } finally {
      compile.mockRestore();
    }
  });

  it("does not grow when the same schema is validated again", () => {
    const validator = createArgumentValidator({ maxCachedSchemas: 3 });
    const schema = stringParameter();
    for (let call = 0; call < 10; call++) validator.validate(schema, { code: "a" });
    expect(validator.cachedSchemas()).toBe(1);
  });
});
