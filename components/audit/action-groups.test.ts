/** The audit action menu's groups: every action once, under the heading of what it acts on. */
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "@/lib/audit/events";
import { AUDIT_ACTION_OPTIONS, actionHeading } from "./action-groups";

describe("audit action groups", () => {
  it.each([
    ["tool.create", "Tools"],
    ["persona.grant", "Personas"],
    ["credential.delete", "Credentials"],
    ["api_key.revoke", "API keys"],
    ["oauth_app.revoke", "Connected apps"],
    ["user.role", "Operators"],
    ["secrets.rotate", "Encryption keys"],
    ["auth.sign_in_failed", "Sign-in"],
  ] as const)("%s sits under %s", (action, heading) => {
    expect(actionHeading(action)).toBe(heading);
  });

  it("offers every action exactly once, in words, none under Other", () => {
    expect(AUDIT_ACTION_OPTIONS.map((option) => option.value).toSorted()).toEqual([...AUDIT_ACTIONS].toSorted());
    expect(AUDIT_ACTION_OPTIONS.filter((option) => option.group === "Other")).toEqual([]);
    expect(AUDIT_ACTION_OPTIONS.filter((option) => option.label === option.value)).toEqual([]);
  });

  it("keeps each group together, in the headings' order, with actions in words", () => {
    const headings = AUDIT_ACTION_OPTIONS.map((option) => option.group).filter((group, index, all) => group !== all[index - 1]);
    expect(headings).toEqual(["Tools", "Personas", "Credentials", "API keys", "Connected apps", "Operators", "Encryption keys", "Sign-in"]);
    expect(AUDIT_ACTION_OPTIONS.find((option) => option.value === "auth.sign_in")).toEqual({ value: "auth.sign_in", label: "Signed in", group: "Sign-in" });
  });
});
