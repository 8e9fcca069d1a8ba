/**
 * The call log switch on a persona's settings: it flips at once, stays focused while saving, and
 * flips back with the server's reason when the change is refused; a saved change is announced.
 */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CallLogSetting } from "./call-log-setting";

const action = vi.hoisted(() => vi.fn());
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@/lib/personas/server/actions", () => ({ setPersonaCallLoggingAction: action }));
vi.mock("@/components/ui/toaster", () => ({ toast: toasts }));

const NAME = "Keep arguments and results in the call log";

describe("CallLogSetting", () => {
  it("explains what is kept and for how long", () => {
    render(<CallLogSetting persona="support" enabled={false} retentionDays={7} />);
    const description = document.getElementById(screen.getByRole("switch", { name: NAME }).getAttribute("aria-describedby")!);
    expect(description?.textContent).toBe("Each call's arguments and result are stored with secrets redacted, cut at 4 KiB, and kept for 7 days.");
  });

  it("flips back, keeps focus and says why when the server refuses", async () => {
    let answer: (value: unknown) => void = () => {};
    action.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    render(<CallLogSetting persona="support" enabled={false} retentionDays={30} />);
    const toggle = screen.getByRole("switch", { name: NAME });
    toggle.focus();
    await userEvent.keyboard(" ");
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(toggle.getAttribute("aria-busy")).toBe("true");
    expect(action).toHaveBeenCalledWith("support", true);

    await act(async () => answer({ ok: false, errors: [], message: "This needs the admin role; you are signed in as editor." }));
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(toggle.hasAttribute("aria-busy")).toBe(false);
    expect(document.activeElement).toBe(toggle);
    expect(toasts.error).toHaveBeenCalledWith("This needs the admin role; you are signed in as editor.");
  });

  it("announces a saved change", async () => {
    action.mockResolvedValueOnce({ ok: true, data: undefined, message: "Support: arguments and results are no longer kept in the call log." });
    render(<CallLogSetting persona="support" enabled retentionDays={30} />);
    await userEvent.click(screen.getByRole("switch", { name: NAME }));
    expect(action).toHaveBeenLastCalledWith("support", false);
    expect(toasts.success).toHaveBeenCalledWith("Support: arguments and results are no longer kept in the call log.");
  });
});
