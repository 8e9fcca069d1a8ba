/** What a tool switch announces (issue 26): Undo for a change that landed, none for an undo, the reason for a refusal. */
import { describe, expect, it } from "vitest";
import { switchToast, switchToastId, undoOf, type SwitchChange } from "./switch-undo";

const off: SwitchChange = { persona: "support", tools: ["create_order"], enabled: false };
const landed = { ok: true, data: undefined, message: "'create_order' switched off for Support." } as const;

describe("switchToast", () => {
  it("offers to undo a change that landed with the opposite change", () => {
    expect(switchToast(off, landed, false)).toEqual({
      kind: "success",
      id: switchToastId(off),
      message: "'create_order' switched off for Support.",
      undo: { persona: "support", tools: ["create_order"], enabled: true },
    });
  });

  it("announces an undo as undone, in a toast of its own, with nothing further to undo", () => {
    const back = undoOf(off);
    const answer = { ok: true, data: undefined, message: "'create_order' switched on for Support." } as const;
    const announced = switchToast(back, answer, true);
    expect(announced).toEqual({ kind: "success", id: switchToastId(off, true), message: "Undone: 'create_order' switched on for Support.", undo: null });
    expect(announced.kind === "success" && announced.id).not.toBe(switchToastId(off));
  });

  it("says why when the server refuses, offering no undo", () => {
    expect(switchToast(off, { ok: false, errors: [], message: "This needs the editor role; you are signed in as viewer." }, false)).toEqual({
      kind: "error",
      message: "This needs the editor role; you are signed in as viewer.",
    });
  });
});

describe("undoOf and switchToastId", () => {
  it("undoes a bulk change for the same tools, the other way", () => {
    expect(undoOf({ persona: "p", tools: ["a", "b"], enabled: true })).toEqual({ persona: "p", tools: ["a", "b"], enabled: false });
  });

  it("gives one toast per persona and set of tools, whatever their order", () => {
    expect(switchToastId({ persona: "p", tools: ["b", "a"] })).toBe(switchToastId({ persona: "p", tools: ["a", "b"] }));
    expect(switchToastId({ persona: "p", tools: ["a"] })).not.toBe(switchToastId({ persona: "q", tools: ["a"] }));
    expect(switchToastId({ persona: "p", tools: ["a"] })).not.toBe(switchToastId({ persona: "p", tools: ["a", "b"] }));
  });
});
