"use client";

import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useLeaveGuard } from "./leave-guard";

interface CloseGuardInput {
  /** The dialog or sheet is showing. */
  readonly open: boolean;
  /** What it holds differs from what it opened with. */
  readonly unsaved: boolean;
  /** Names the work in the question: "credential stripe", "this new credential". */
  readonly what: string;
  /** Closes for good, forgetting what was typed. */
  readonly close: () => void;
}

/**
 * For an editor in a dialog or sheet: closing it with unsaved changes (Escape, the overlay,
 * Cancel) asks "Discard your changes?" first, and so does leaving the page (useLeaveGuard).
 * `requestClose` is what the dialog's onOpenChange(false) and its Cancel call; `question` is the
 * confirmation to render inside it.
 */
export function useCloseGuard({ open, unsaved, what, close }: CloseGuardInput): { readonly requestClose: () => void; readonly question: ReactNode } {
  const [asking, setAsking] = useState(false);
  useLeaveGuard(open && unsaved, what);
  const discard = () => {
    setAsking(false);
    close();
  };
  return {
    requestClose: () => (unsaved ? setAsking(true) : close()),
    question: (
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Discard your changes?"
        description={`The changes to ${what} are not saved. If you close now, they are lost.`}
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={discard}
      />
    ),
  };
}
