import { describe, expect, it } from "vitest";
import { whoSwitchedOff } from "./switch-history";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
const change = (actorEmail: string, minute: number, before: string[], after: string[]) => ({
  actorEmail, createdAt: at(minute), before: { disabledTools: before }, after: { disabledTools: after },
});

describe("whoSwitchedOff", () => {
  it.each([
    { rule: "the change that added a name is its switch", changes: [change("ann", 1, [], ["a"])], disabled: ["a"], expected: [["a", "ann", 1]] },
    {
      rule: "a later switch-off after a switch-on wins",
      changes: [change("ann", 1, [], ["a"]), change("bob", 2, ["a"], []), change("cy", 3, [], ["a"])],
      disabled: ["a"],
      expected: [["a", "cy", 3]],
    },
    { rule: "a name no longer disabled has no entry", changes: [change("ann", 1, [], ["a"])], disabled: [], expected: [] },
    { rule: "a name disabled before the trail has no entry", changes: [change("ann", 1, ["old"], ["old", "a"])], disabled: ["old", "a"], expected: [["a", "ann", 1]] },
    {
      rule: "unreadable before/after count as empty lists",
      changes: [{ actorEmail: "ann", createdAt: at(1), before: null, after: { disabledTools: ["a", 3] } }],
      disabled: ["a"],
      expected: [["a", "ann", 1]],
    },
    { rule: "a grant change (no disabled list) switches nothing", changes: [{ actorEmail: "ann", createdAt: at(1), before: { grant: "all" }, after: "x" }], disabled: ["a"], expected: [] },
  ])("$rule", ({ changes, disabled, expected }) => {
    const result = whoSwitchedOff(disabled, changes);
    expect([...result].map(([name, { by, at: when }]) => [name, by, when.getUTCMinutes()])).toEqual(expected);
  });
});
