/**
 * The grant choice as an admin sees it (issue 26): a new root is offered no "inherit" (it would
 * mean every tool), "No tools" says the tools come after creating, and "Every tool" counts the
 * side-effecting tools it would hand over; a child and a stored root that inherits are offered
 * "inherit".
 */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { GrantFields, type GrantToolOption } from "./grant-fields";
import type { GrantDraft } from "./grant-draft";

const TOOLS: GrantToolOption[] = [
  { value: "lookup_order", label: "lookup_order", sideEffect: false },
  { value: "create_order", label: "create_order", sideEffect: true },
  { value: "refund_order", label: "refund_order", sideEffect: true },
];
const none: GrantDraft = { kind: "none", names: [] };
const inherit: GrantDraft = { kind: "inherit", names: [] };

/** Each choice's label, without the line of explanation under it. */
const radioNames = () => screen.getAllByRole("radio").map((radio) => document.querySelector(`label[for="${radio.id}"] > span`)?.textContent);

describe("GrantFields", () => {
  it("offers a new root no tools, every tool with its side effects counted, or chosen tools", () => {
    render(<GrantFields id="g" value={none} onChange={() => {}} tools={TOOLS} parentSlug={null} />);
    expect(radioNames()).toEqual(["No tools — grant them after creating", "Every tool", "Chosen tools"]);
    expect(screen.getByRole("radio", { name: /^No tools/ }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByText("All 3 tools in the catalog (2 with side effects), and tools added later.")).toBeTruthy();
  });

  it("offers a child its parent's grant", () => {
    render(<GrantFields id="g" value={inherit} onChange={() => {}} tools={TOOLS} parentSlug="support-base" />);
    expect(radioNames()).toEqual(["Inherit from support-base", "No tools — grant them after creating", "Every tool", "Chosen tools"]);
  });

  it("keeps showing a stored root's inherit setting, and names no tools plainly when editing", () => {
    render(<GrantFields id="g" value={inherit} onChange={() => {}} tools={TOOLS} parentSlug={null} stored={null} />);
    expect(radioNames()).toEqual(["Inherit (no parent: every tool)", "No tools", "Every tool", "Chosen tools"]);
  });
});
