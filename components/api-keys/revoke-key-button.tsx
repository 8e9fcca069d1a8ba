"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import { revokeApiKeyAction } from "@/lib/agent-door/actions";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toaster";
import { revokedFocusId } from "./key-status";

/** "Revoke", after a confirmation: the key stops working on the next call. */
export function RevokeKeyButton({ id, name }: { id: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const revoked = useRef(false);
  // The refreshed list replaces this button once the key is revoked: hand focus to the key's name
  // rather than letting it fall to the page's start.
  useEffect(() => () => {
    if (revoked.current) requestAnimationFrame(() => document.getElementById(revokedFocusId(id))?.focus());
  }, [id]);
  const revoke = () =>
    startTransition(async () => {
      const result = await revokeApiKeyAction(id);
      revoked.current = result.ok;
      setOpen(false);
      if (result.ok) toast.success(result.message ?? "Revoked.");
      else toast.error(result.message);
    });

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Revoke<span className="sr-only"> {name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Revoke API key ${name}?`}
        description="Agents using this key are refused from their next call on. A revoked key cannot be restored; create a new one if it is needed again."
        confirmLabel="Revoke key"
        onConfirm={revoke}
        pending={pending}
      />
    </>
  );
}
