import { describe, expect, it } from "vitest";
import { fireConfirmation, needsFireConfirmation, type FirePlan, type FireTarget } from "./fire-confirmation";

const POST: FireTarget = { name: "create_order", sideEffect: true, method: "POST", host: "api.example.com" };
const GET: FireTarget = { name: "lookup_order", sideEffect: false, method: "GET", host: "api.example.com" };
const GET_WITH_EFFECT: FireTarget = { ...GET, name: "touch_order", sideEffect: true };
const CODE_WITH_EFFECT: FireTarget = { name: "send_page", sideEffect: true, method: null, host: null };
const CODE: FireTarget = { name: "convert_units", sideEffect: false, method: null, host: null };

describe("needsFireConfirmation", () => {
  it.each<[string, FireTarget, boolean]>([
    ["a POST (side effects by default)", POST, true],
    ["a GET (no side effects by default)", GET, false],
    ["a GET declared to have side effects", GET_WITH_EFFECT, true],
    ["a code tool with side effects", CODE_WITH_EFFECT, true],
    ["a code tool without", CODE, false],
  ])("%s → %s", (_name, tool, asks) => {
    expect(needsFireConfirmation(tool)).toBe(asks);
  });
});

describe("fireConfirmation", () => {
  const plans: FirePlan[] = [{ kind: "fire" }, { kind: "all_cases", count: 3 }, { kind: "case", name: "happy path" }];

  it.each(plans)("never asks about a tool without side effects ($kind)", (plan) => {
    expect(fireConfirmation(GET, plan)).toBeNull();
    expect(fireConfirmation(CODE, plan)).toBeNull();
  });

  it.each<[string, FireTarget, FirePlan, string, string, string]>([
    ["Fire", POST, { kind: "fire" }, "Fire create_order?", "create_order has side effects: firing sends POST to api.example.com for real.", "Fire POST"],
    [
      "Run all, several cases",
      POST,
      { kind: "all_cases", count: 3 },
      "Run 3 test cases against the live API?",
      "create_order has side effects: each of the 3 cases sends POST to api.example.com for real, one after another.",
      "Run 3 test cases",
    ],
    [
      "Run all, one case",
      POST,
      { kind: "all_cases", count: 1 },
      "Run 1 test case against the live API?",
      "create_order has side effects: the case sends POST to api.example.com for real.",
      "Run 1 test case",
    ],
    [
      "one case's Run",
      POST,
      { kind: "case", name: "happy path" },
      'Run test case "happy path" against the live API?',
      "create_order has side effects: the case sends POST to api.example.com for real.",
      "Run test case",
    ],
    ["a GET declared to have side effects", GET_WITH_EFFECT, { kind: "fire" }, "Fire touch_order?", "touch_order has side effects: firing sends GET to api.example.com for real.", "Fire GET"],
    ["a code tool's Fire", CODE_WITH_EFFECT, { kind: "fire" }, "Fire send_page?", "send_page has side effects: firing runs its code for real.", "Fire"],
    [
      "a code tool's Run all",
      CODE_WITH_EFFECT,
      { kind: "all_cases", count: 2 },
      "Run 2 test cases for real?",
      "send_page has side effects: each of the 2 cases runs its code for real, one after another.",
      "Run 2 test cases",
    ],
  ])("asks before %s, saying what will happen", (_name, tool, plan, title, description, confirmLabel) => {
    expect(fireConfirmation(tool, plan)).toEqual({ title, description, confirmLabel });
  });
});
