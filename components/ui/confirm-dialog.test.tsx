/**
 * The confirm dialog guarding consequential steps: focus starts away from the destructive button,
 * a typed confirmation must match exactly, and cancelling forgets what was typed.
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./confirm-dialog";

/** A page with a button that opens the dialog, keeping `open` as a page would. */
function DeleteTool({ onConfirm, onOpenChange = () => {}, closeOnConfirm = false }: { onConfirm: () => void; onOpenChange?: (open: boolean) => void; closeOnConfirm?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete…
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
        title="Delete lookup_order?"
        description="Agents can no longer call it."
        confirmLabel="Delete tool"
        typedConfirmation="lookup_order"
        onConfirm={() => {
          onConfirm();
          if (closeOnConfirm) setOpen(false);
        }}
      />
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Delete…" }));
  return user;
}

const dialog = () => screen.getByRole("alertdialog", { name: "Delete lookup_order?" });
const confirmButton = () => screen.getByRole<HTMLButtonElement>("button", { name: "Delete tool" });
const nameInput = () => screen.getByLabelText<HTMLInputElement>("Type lookup_order to confirm");

describe("ConfirmDialog", () => {
  it("opens with focus on Cancel, never on the destructive button", async () => {
    render(<DeleteTool onConfirm={vi.fn()} />);
    await openDialog();

    expect(dialog()).toBeTruthy();
    expect(screen.getByText("Agents can no longer call it.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
    expect(document.activeElement).not.toBe(confirmButton());
  });

  it("keeps the confirm button disabled until the exact name is typed, then confirms on click", async () => {
    const onConfirm = vi.fn();
    render(<DeleteTool onConfirm={onConfirm} />);
    const user = await openDialog();
    expect(confirmButton().disabled).toBe(true);

    for (const nearMiss of ["lookup_orde", "Lookup_order", "lookup_order ", " lookup_order", "lookup_orders"]) {
      await user.clear(nameInput());
      await user.type(nameInput(), nearMiss);
      expect(confirmButton().disabled, nearMiss).toBe(true);
    }
    await user.click(confirmButton());
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(nameInput());
    await user.type(nameInput(), "lookup_order");
    expect(confirmButton().disabled).toBe(false);
    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("Cancel closes through onOpenChange(false) and forgets what was typed", async () => {
    const onOpenChange = vi.fn();
    render(<DeleteTool onConfirm={vi.fn()} onOpenChange={onOpenChange} />);
    const user = await openDialog();
    await user.type(nameInput(), "lookup_order");

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole("alertdialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Delete…" }));
    expect(nameInput().value).toBe("");
    expect(confirmButton().disabled).toBe(true);
  });

  it("Esc closes and forgets what was typed, too", async () => {
    const onOpenChange = vi.fn();
    render(<DeleteTool onConfirm={vi.fn()} onOpenChange={onOpenChange} />);
    const user = await openDialog();
    await user.type(nameInput(), "lookup_order");

    await user.keyboard("{Escape}");
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole("alertdialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Delete…" }));
    expect(nameInput().value).toBe("");
  });

  it("starts empty again when the page closes it after confirming", async () => {
    render(<DeleteTool onConfirm={vi.fn()} closeOnConfirm />);
    const user = await openDialog();
    await user.type(nameInput(), "lookup_order");
    await user.click(confirmButton());
    expect(screen.queryByRole("alertdialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Delete…" }));
    expect(nameInput().value).toBe("");
    expect(confirmButton().disabled).toBe(true);
  });

  it("without a typed confirmation, confirms at once; while pending, says so and cannot confirm again", async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <ConfirmDialog open onOpenChange={vi.fn()} title="Sign out everywhere?" description="Every session ends." confirmLabel="Sign out" onConfirm={onConfirm} />,
    );
    expect(screen.queryByRole("textbox")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);

    rerender(<ConfirmDialog open onOpenChange={vi.fn()} title="Sign out everywhere?" description="Every session ends." confirmLabel="Sign out" onConfirm={onConfirm} pending />);
    const working = screen.getByRole<HTMLButtonElement>("button", { name: "Working…" });
    expect(working.disabled).toBe(true);
    await user.click(working);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
