/**
 * Search mode on a persona's page: the suggestion shows only past the threshold while the mode is
 * off, and its button switches the mode on; the switch says what agents get, is read-only for
 * viewers, and flips back with the server's reason when the change is refused.
 */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SearchModeSetting, SearchModeSuggestion } from "./search-mode-setting";

const action = vi.hoisted(() => vi.fn());
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@/lib/personas/server/actions", () => ({ setPersonaSearchModeAction: action }));
vi.mock("@/components/ui/toaster", () => ({ toast: toasts }));

const props = { persona: "support", enabled: false, toolCount: 57, threshold: 40, editable: true };

describe("SearchModeSuggestion", () => {
  it.each([
    ["past the threshold, off", { toolCount: 41 }, true],
    ["at the threshold", { toolCount: 40 }, false],
    ["past it, already on", { enabled: true }, false],
  ])("%s: shown %s", (_, change, shown) => {
    render(<SearchModeSuggestion {...props} {...change} />);
    expect(screen.queryByRole("complementary", { name: "Search mode suggested" }) !== null).toBe(shown);
  });

  it("says how many tools, and its button switches search mode on", async () => {
    action.mockResolvedValueOnce({ ok: true, data: undefined, message: "Support is in search mode." });
    render(<SearchModeSuggestion {...props} />);
    expect(screen.getByRole("complementary", { name: "Search mode suggested" }).textContent).toContain("This persona offers 57 tools; agents choose better from a search.");
    await userEvent.click(screen.getByRole("button", { name: "Switch to search mode" }));
    expect(action).toHaveBeenLastCalledWith("support", true);
    expect(toasts.success).toHaveBeenCalledWith("Support is in search mode.");
  });

  it("offers viewers no button", () => {
    render(<SearchModeSuggestion {...props} editable={false} />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("An editor can switch it on.")).toBeTruthy();
  });
});

describe("SearchModeSetting", () => {
  const NAME = "Expose as search";

  it("flips back and says why when the server refuses", async () => {
    let answer: (value: unknown) => void = () => {};
    action.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    render(<SearchModeSetting {...props} />);
    const toggle = screen.getByRole("switch", { name: NAME });
    const help = () => document.getElementById(toggle.getAttribute("aria-describedby")!)?.textContent;
    expect(help()).toContain("Agents get all 57 tools.");
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(help()).toContain("Agents get search_tools, describe_tool and call_tool instead of the 57 tools");
    await act(async () => answer({ ok: false, errors: [], message: "This needs the editor role; you are signed in as viewer." }));
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(toasts.error).toHaveBeenCalledWith("This needs the editor role; you are signed in as viewer.");
  });

  it("is read-only for viewers", () => {
    render(<SearchModeSetting {...props} editable={false} />);
    expect((screen.getByRole("switch", { name: NAME }) as HTMLButtonElement).disabled).toBe(true);
  });
});
