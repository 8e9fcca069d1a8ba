"use client";

import { useState, useTransition } from "react";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";
import { toast } from "./toaster";

interface RevokeButtonProps {
  /** What is revoked, for screen readers ("Revoke <name>"). */
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly confirmLabel: string;
  /** The server action, bound to the row. */
  readonly revoke: () => Promise<{ readonly ok: boolean; readonly message?: string }>;
  /** After a success, before the dialog closes (the refreshed list may then remove this button). */
  readonly onRevoked?: () => void;
}

/** "Revoke" for one row, after a confirmation: runs the action and toasts its result. */
export function RevokeButton({ name, title, description, confirmLabel, revoke, onRevoked }: RevokeButtonProps) {
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const confirm = () =>
    startTransition(async () => {
      const result = await revoke();
      if (result.ok) onRevoked?.();
      setOpen(false);
      if (result.ok) toast.success(result.message ?? "Revoked.");
      else toast.error(result.message);
    });

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Revoke<span className="sr-only"> {name}</span>
      </Button>
      <ConfirmDialog open={open} onOpenChange={setOpen} title={title} description={description} confirmLabel={confirmLabel} onConfirm={confirm} pending={pending} />
    </>
  );
}
