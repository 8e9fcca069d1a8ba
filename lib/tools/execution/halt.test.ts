import { describe, expect, it } from "vitest";
import type { HaltSay, HaltWhen } from "../types";
import { lazyJson } from "./extract";
import { haltSay, shouldHalt } from "./halt";

// The executor tests drive these through a real upstream; this table pins the comparison rules.
const when = (equals: string[], jsonPath = "action"): HaltWhen => ({ jsonPath, equals, say: null });

describe("shouldHalt", () => {
  it.each([
    ["a string in equals", when(["ESCALATE"]), '{"action":"ESCALATE"}', true],
    ["a string not in equals", when(["ESCALATE"]), '{"action":"escalate"}', false],
    ["a number compared as text", when(["2"]), '{"action":2}', true],
    ["a boolean compared as text", when(["false"]), '{"action":false}', true],
    ["a null compared as the text null", when(["null"]), '{"action":null}', true],
    ["an object compared as its JSON", when(['{"a":1}']), '{"action":{"a":1}}', true],
    ["a nested path through a list", when(["stop"], "steps.1.kind"), '{"steps":[{"kind":"go"},{"kind":"stop"}]}', true],
    ["a missing path", when(["null"]), '{"other":null}', false],
    ["a body that is not JSON", when(["ESCALATE"]), "ESCALATE", false],
    ["an empty body", when([""]), "", false],
  ])("%s → %s", (_rule, haltWhen, body, expected) => {
    expect(shouldHalt(haltWhen, lazyJson(body)())).toBe(expected);
  });
});

describe("haltSay", () => {
  it.each<[string, HaltSay | null, string, string | null]>([
    ["no say", null, '{"reply":"hi"}', null],
    ["a literal", { text: "CALL_SUPPORT" }, "not json", "CALL_SUPPORT"],
    ["a blank literal", { text: "  " }, "{}", null],
    ["a string from the body", { jsonPath: "reply" }, '{"reply":"hi"}', "hi"],
    ["a number from the body", { jsonPath: "reply" }, '{"reply":3}', null],
    ["an object from the body", { jsonPath: "reply" }, '{"reply":{"t":"hi"}}', null],
    ["a null from the body", { jsonPath: "reply" }, '{"reply":null}', null],
    ["a blank string from the body", { jsonPath: "reply" }, '{"reply":"\\n "}', null],
    ["a missing path", { jsonPath: "reply" }, "{}", null],
    ["a body that is not JSON", { jsonPath: "reply" }, "hi", null],
  ])("%s → %j", (_rule, say, body, expected) => {
    expect(haltSay(say, lazyJson(body)())).toBe(expected);
  });
});
