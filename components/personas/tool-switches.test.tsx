/**
 * A persona's tool switches: a switch flips at once, stays focused, and flips back with a message
 * when the server refuses; a switch that lands is announced with "Undo", which sends the opposite
 * change through the same action; search and the group filter narrow the rows; "Disable all in this
 * group" sends one call for the group's switched-on tools; a bulk button that cannot act says why.
 */
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { PersonaToolRow } from "@/lib/personas/server/persona-view";
import { ToolSwitches } from "./tool-switches";

const actions = vi.hoisted(() => ({ one: vi.fn(), many: vi.fn() }));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@/lib/personas/server/actions", () => ({ setPersonaToolEnabledAction: actions.one, setPersonaToolsEnabledAction: actions.many }));
vi.mock("@/components/ui/toaster", () => ({ toast: toasts }));

const row = (name: string, group: string, code: PersonaToolRow["code"] = "available"): PersonaToolRow => ({
  name, description: `Does ${name}.`, group, sideEffect: false, available: code === "available", code, reason: code === "available" ? "available (granted by base)" : code, switchedOff: null, offOnParent: false,
});
const TOOLS = [row("orders_lookup", "orders"), row("orders_refund", "orders"), row("weather_now", "weather"), row("secret_admin", "admin", "outside_grant")];

function renderSwitches() {
  return render(<ToolSwitches persona="child" personaName="Child" tools={TOOLS} groups={["admin", "orders", "weather"]} editable />);
}

describe("ToolSwitches", () => {
  it("flips back, keeps focus and says why when the server refuses", async () => {
    let answer: (value: unknown) => void = () => {};
    actions.one.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderSwitches();
    const toggle = screen.getByRole("switch", { name: "weather_now for child" });
    toggle.focus();
    await userEvent.keyboard(" ");
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(toggle.getAttribute("aria-busy")).toBe("true");
    expect(actions.one).toHaveBeenCalledWith("child", "weather_now", false);

    await act(async () => answer({ ok: false, errors: [], message: "This needs the editor role; you are signed in as viewer." }));
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(toggle.hasAttribute("aria-busy")).toBe(false);
    expect(document.activeElement).toBe(toggle);
    expect(toasts.error).toHaveBeenCalledWith("This needs the editor role; you are signed in as viewer.");
  });

  it("sends a second flip made while the first still saves, and shows it at once", async () => {
    actions.one.mockReset();
    actions.one.mockReturnValue(new Promise(() => {}));
    renderSwitches();
    const toggle = screen.getByRole("switch", { name: "orders_lookup for child" });
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(actions.one.mock.calls).toEqual([
      ["child", "orders_lookup", false],
      ["child", "orders_lookup", true],
    ]);
  });

  it("offers no switch outside the grant, and filters by search and group", async () => {
    renderSwitches();
    expect(within(screen.getByRole("row", { name: "secret_admin" })).queryByRole("switch")).toBeNull();
    await userEvent.type(screen.getByRole("searchbox", { name: "Search tools" }), "refund");
    expect((await screen.findByText("1 of 4 tools match")).textContent).toBe("1 of 4 tools match");
    await userEvent.clear(screen.getByRole("searchbox", { name: "Search tools" }));
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Group" }), "orders");
    expect(screen.getAllByRole("switch").map((element) => element.getAttribute("aria-label"))).toEqual(["orders_lookup for child", "orders_refund for child"]);
  });

  it("disables a whole group in one call", async () => {
    actions.many.mockResolvedValueOnce({ ok: true, data: undefined, message: "2 tools switched off for Child." });
    renderSwitches();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Group" }), "orders");
    await userEvent.click(screen.getByRole("button", { name: "Disable all in this group" }));
    expect(actions.many).toHaveBeenCalledWith("child", ["orders_lookup", "orders_refund"], false);
    expect(toasts.success).toHaveBeenCalledWith("2 tools switched off for Child.", expect.objectContaining({ action: expect.objectContaining({ label: "Undo" }) }));
  });

  it("announces a switch with Undo, which switches it back through the same action and says so", async () => {
    actions.one.mockReset();
    toasts.success.mockReset();
    actions.one.mockResolvedValueOnce({ ok: true, data: undefined, message: "'weather_now' switched off for Child." });
    actions.one.mockResolvedValueOnce({ ok: true, data: undefined, message: "'weather_now' switched on for Child." });
    renderSwitches();
    const toggle = screen.getByRole("switch", { name: "weather_now for child" });
    await userEvent.click(toggle);
    const [message, options] = toasts.success.mock.calls[0]!;
    expect(message).toBe("'weather_now' switched off for Child.");
    expect(options.action.label).toBe("Undo");

    await act(async () => options.action.onClick());
    expect(actions.one.mock.calls).toEqual([
      ["child", "weather_now", false],
      ["child", "weather_now", true],
    ]);
    expect(toasts.success).toHaveBeenLastCalledWith("Undone: 'weather_now' switched on for Child.", expect.not.objectContaining({ action: expect.anything() }));
  });

  it("says why a bulk button cannot act: everything shown is on, or nothing shown is granted", async () => {
    renderSwitches();
    const enableAll = screen.getByRole("button", { name: "Enable all" });
    expect(enableAll).toHaveProperty("disabled", true);
    expect(enableAll.getAttribute("aria-describedby")).toBe("bulk-idle");
    expect(document.getElementById("bulk-idle")?.textContent).toBe("Every granted tool shown is on.");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Group" }), "admin");
    expect(document.getElementById("bulk-idle")?.textContent).toBe("None of these tools is granted here, so there is nothing to switch.");
  });
});
