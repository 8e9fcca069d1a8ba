"use client";

import { signOut } from "next-auth/react";
import { useState, useTransition } from "react";
import { signOutEverywhereAction } from "@/lib/operators/actions";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toaster";
import { useReturnFocus } from "./use-return-focus";

/** Ends every session of the signed-in operator (this one too), after asking, then goes to sign-in. */
export function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  useReturnFocus(confirming, "sign-out-everywhere");
  const signOutEverywhere = () =>
    startTransition(async () => {
      const outcome = await signOutEverywhereAction();
      setConfirming(false);
      if (!outcome.ok) {
        toast.error(outcome.message);
        return;
      }
      await signOut({ callbackUrl: "/login" });
    });

  return (
    <>
      <Button id="sign-out-everywhere" variant="secondary" onClick={() => setConfirming(true)} disabled={pending}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere?"
        description="Every session of yours ends on its next request: other browsers and devices, and this one. You then sign in again here."
        confirmLabel="Sign out everywhere"
        pending={pending}
        onConfirm={signOutEverywhere}
      />
    </>
  );
}
