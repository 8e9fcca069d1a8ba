/** A code block: numbered lines, and a copy button that copies exactly what is shown. */
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { CodeBlock } from "./code-block";
import { Toaster } from "./toaster";

const code = ["{", '  "name": "lookup_order",', "", '  "headers": { "Authorization": "••••-123" }', "}"].join("\n");

/** jsdom has no clipboard; user-event installs one on setup, so the spy goes on after it. */
function setupWithClipboard() {
  const user = userEvent.setup();
  const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined);
  return { user, writeText };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("CodeBlock", () => {
  it("shows the code under its title with a number for every line, blank ones included", () => {
    render(<CodeBlock title="Parameters schema" code={code} />);
    const block = screen.getByLabelText("Parameters schema");
    expect(block.tagName).toBe("PRE");
    expect(screen.getByText("Parameters schema", { selector: "figcaption *" })).toBeTruthy();

    const numbers = [...block.querySelectorAll("[aria-hidden]")].map((number) => number.textContent);
    expect(numbers).toEqual(["1", "2", "3", "4", "5"]);
    // The numbers are hidden from screen readers and not part of the lines themselves.
    const lines = [...block.querySelectorAll("code > span > span:not([aria-hidden])")].map((line) => line.textContent);
    expect(lines).toEqual(["{", '  "name": "lookup_order",', " ", '  "headers": { "Authorization": "••••-123" }', "}"]);
  });

  it("copies exactly the code shown, without line numbers, then says Copied", async () => {
    render(<CodeBlock title="lookup_order.json" code={code} />);
    const { user, writeText } = setupWithClipboard();

    await user.click(screen.getByRole("button", { name: "Copy" }));

    expect(writeText).toHaveBeenCalledExactlyOnceWith(code);
    expect(screen.getByRole("button", { name: "Copied" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Copy" })).toBeNull();
  });

  it("goes back to Copy after a moment", async () => {
    // Testing Library's async helpers wait on real timers, so this click is a plain event.
    vi.useFakeTimers();
    render(<CodeBlock title="lookup_order.json" code="{}" />);
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: vi.fn().mockResolvedValue(undefined) } });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, "clipboard");
    });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy" })));
    expect(screen.getByRole("button", { name: "Copied" })).toBeTruthy();

    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole("button", { name: "Copied" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByRole("button", { name: "Copy" })).toBeTruthy();
  });

  it("says it could not copy, rather than Copied, when the clipboard refuses", async () => {
    render(
      <>
        <CodeBlock title="lookup_order.json" code="{}" />
        <Toaster />
      </>,
    );
    const { user, writeText } = setupWithClipboard();
    writeText.mockRejectedValue(new DOMException("Write permission denied.", "NotAllowedError"));

    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledOnce();
    expect(await screen.findByText("Could not copy. Select the text and copy it instead.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Copied" })).toBeNull();
  });
});
