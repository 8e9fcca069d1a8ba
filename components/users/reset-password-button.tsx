"use client";

import { useState, useTransition } from "react";
import { resetUserPasswordAction } from "@/lib/operators/actions";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/field";
import { toast } from "@/components/ui/toaster";
import { useReturnFocus } from "./use-return-focus";

/**
 * An admin resets another operator's password: asks first, then shows the generated password once
 * with a copy button. Closing the dialog forgets it; nothing else ever shows it again.
 */
export function ResetPasswordButton({ user, disabled }: { user: { id: string; email: string }; disabled: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const buttonId = `reset-${user.id}`;
  useReturnFocus(confirming || password !== null, buttonId);
  const reset = () =>
    startTransition(async () => {
      const outcome = await resetUserPasswordAction(user.id);
      setConfirming(false);
      if (!outcome.ok) {
        toast.error(outcome.message);
        return;
      }
      setPassword(outcome.data.password);
      if (outcome.message) toast.success(outcome.message);
    });
  const fieldId = `new-password-${user.id}`;

  return (
    <>
      <Button id={buttonId} variant="secondary" size="sm" disabled={disabled || pending} aria-label={`Reset password of ${user.email}`} onClick={() => setConfirming(true)}>
        Reset password
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Reset ${user.email}'s password?`}
        description="Their current password stops working and every session of theirs ends on its next request. You will see the new password once, to pass on to them privately."
        confirmLabel="Reset password"
        pending={pending}
        onConfirm={reset}
      />
      <Dialog
        open={password !== null}
        onOpenChange={(open) => !open && setPassword(null)}
        title={`New password for ${user.email}`}
        description="Copy it now and pass it on privately: it is shown only this once, and is not stored anywhere it could be read again."
        footer={<Button onClick={() => setPassword(null)}>Done</Button>}
      >
        <div className="grid gap-1.5">
          <label htmlFor={fieldId} className="text-sm font-medium">
            New password
          </label>
          <div className="flex items-center gap-2">
            <Input id={fieldId} readOnly value={password ?? ""} className="font-mono" autoComplete="off" spellCheck={false} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton value={password ?? ""} label="Copy password" />
          </div>
        </div>
      </Dialog>
    </>
  );
}
