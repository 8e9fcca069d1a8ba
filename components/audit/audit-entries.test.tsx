/**
 * The audit trail's entries: one line each saying what happened, to what, by whom and when; the
 * before/after opens on demand and reads by kind of entry (a change shows both sides, a creation
 * or a sign-in the recorded values, a deletion what it had).
 */
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AuditEventDTO } from "@/lib/audit/audit-log";
import { AuditEntries } from "./audit-entries";

function entry(overrides: Partial<AuditEventDTO>): AuditEventDTO {
  return {
    id: 1,
    createdAt: new Date("2026-12-01T06:05:09.123Z"),
    actorId: "u-1",
    actorEmail: "ana@example.com",
    action: "tool.update",
    targetType: "tool",
    targetId: "t-1",
    targetName: "lookup_order",
    before: { timeout: 10, description: "Old" },
    after: { timeout: 10, description: "New" },
    ...overrides,
  };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe("AuditEntries", () => {
  it("shows each entry collapsed to one line: what, target, who, when", () => {
    render(<AuditEntries events={[entry({})]} />);
    const [item] = within(screen.getByRole("list", { name: "Audit events" })).getAllByRole("listitem");
    const line = item!.querySelector("summary")!;
    expect(line.textContent).toBe("Tool changedtool.updatelookup_order (tool)ana@example.com · 2026-12-01 06:05:09 UTC");
    expect(line.querySelector("time")!.getAttribute("datetime")).toBe("2026-12-01T06:05:09.123Z");
    expect(within(item!).getByRole("group").hasAttribute("open")).toBe(false);
  });

  it("shows a change as the fields that differ, before and after", () => {
    render(<AuditEntries events={[entry({})]} />);
    const table = screen.getByRole("table", { name: "Fields before and after" });
    expect(rowsOf(table)).toEqual([["description", '"Old"', '"New"']]);
  });

  it("shows a sign-in (nothing before) as the values recorded, and a failed one flagged", () => {
    render(
      <AuditEntries
        events={[entry({ action: "auth.sign_in_failed", actorEmail: "anonymous", targetName: "bo@example.com", targetType: "user", before: null, after: { reason: "wrong e-mail or password", address: "10.0.0.1" } })]}
      />,
    );
    expect(screen.getByText("Sign-in refused")).toBeTruthy();
    expect(rowsOf(screen.getByRole("table", { name: "Recorded values" }))).toEqual([
      ["reason", '"wrong e-mail or password"'],
      ["address", '"10.0.0.1"'],
    ]);
  });

  it("shows a deletion as what it had, and an unchanged entry says so", () => {
    render(<AuditEntries events={[entry({ id: 1, action: "tool.delete", after: null }), entry({ id: 2, after: { timeout: 10, description: "Old" } })]} />);
    expect(rowsOf(screen.getByRole("table", { name: "Values before the deletion" }))).toEqual([
      ["timeout", "10"],
      ["description", '"Old"'],
    ]);
    expect(screen.getByText("No field changed.")).toBeTruthy();
  });

  it("names an action without a label by its code", () => {
    render(<AuditEntries events={[entry({ action: "not.a_known_action" as AuditEventDTO["action"] })]} />);
    expect(screen.getAllByText("not.a_known_action")).toHaveLength(2);
  });
});
