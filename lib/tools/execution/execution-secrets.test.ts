import { describe, expect, it } from "vitest";
import { MASK_PREFIX } from "../../secrets/mask";
import { redactJsonValue, redactorFor } from "./execution-secrets";

describe("redactJsonValue", () => {
  const redact = redactorFor(["4242", "hunter2", "true"]);

  it.each<[string, unknown, unknown]>([
    ["a string", "pw hunter2!", `pw ${MASK_PREFIX}!`],
    ["a string without a secret", "plain", "plain"],
    ["a number holding a secret becomes its redacted text", 424242, `${MASK_PREFIX}42`],
    ["a number without a secret stays a number", 42, 42],
    ["a boolean spelling a secret becomes text", true, MASK_PREFIX],
    ["false stays a boolean", false, false],
    ["null", null, null],
    ["keys and nested values", { hunter2: [1, { k: "hunter2" }], ok: 1 }, { [MASK_PREFIX]: [1, { k: MASK_PREFIX }], ok: 1 }],
  ])("%s", (_case, value, expected) => {
    expect(redactJsonValue(value, redact)).toEqual(expected);
  });

  it("keeps a __proto__ key as a key, and leaves the input alone", () => {
    const input = JSON.parse('{"__proto__": "hunter2", "list": ["hunter2"]}');
    const output = redactJsonValue(input, redact) as Record<string, unknown>;
    expect(Object.keys(output)).toEqual(["__proto__", "list"]);
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(JSON.stringify(output)).toBe(`{"__proto__":"${MASK_PREFIX}","list":["${MASK_PREFIX}"]}`);
    expect(input.list).toEqual(["hunter2"]);
  });
});
