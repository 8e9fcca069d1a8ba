/**
 * What a tool switch announces once the server answers (issue 26): a change that landed offers
 * "Undo", which sends the opposite change through the same action; an undo that landed is
 * announced as undone and offers nothing further (the switch itself is right there); a refusal
 * says why. Undo sets the switches back to what they were rather than flipping them again, so a
 * late click after the operator already switched by hand changes nothing.
 */
import type { ActionResult } from "@/lib/actions/action-result";

/** Tools of one persona switched on or off in one change. */
export interface SwitchChange {
  readonly persona: string;
  readonly tools: readonly string[];
  readonly enabled: boolean;
}

export type SwitchToast =
  | { readonly kind: "error"; readonly message: string }
  | { readonly kind: "success"; readonly id: string; readonly message: string; readonly undo: SwitchChange | null };

/** The change that puts `change` back: the same tools, the other way. */
export function undoOf(change: SwitchChange): SwitchChange {
  return { ...change, enabled: !change.enabled };
}

/**
 * One toast per persona and set of tools: switching the same tool again replaces its toast, so
 * an Undo never outlives the change it would undo. An undo is announced in a toast of its own:
 * the toast whose Undo was clicked is on its way out, and an update of it would leave with it.
 */
export function switchToastId(change: Pick<SwitchChange, "persona" | "tools">, isUndo = false): string {
  return `tool-switch:${change.persona}:${[...change.tools].sort().join(",")}${isUndo ? ":undone" : ""}`;
}

/** The toast for `result`, the server's answer to `change` (itself an undo when `isUndo`). */
export function switchToast(change: SwitchChange, result: ActionResult, isUndo: boolean): SwitchToast {
  if (!result.ok) return { kind: "error", message: result.message };
  const message = result.message ?? "Saved.";
  return {
    kind: "success",
    id: switchToastId(change, isUndo),
    message: isUndo ? `Undone: ${message}` : message,
    undo: isUndo ? null : undoOf(change),
  };
}
