"use client";

import { useState, useTransition } from "react";
import { changeUserRoleAction, setUserActiveAction } from "@/app/(dashboard)/settings/users/actions";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormStatus } from "@/components/ui/form-status";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/actions/action-result";
import { ROLES } from "@/lib/auth/roles";

interface Props {
  readonly user: { id: string; email: string; role: string; active: boolean };
  readonly isSelf: boolean;
}

/** Role and status controls for one operator row (admins only); deactivating yourself asks first. */
export function UserControls({ user, isSelf }: Props) {
  const [result, setResult] = useState<ActionResult | null>(null);
  const [confirmingSelf, setConfirmingSelf] = useState(false);
  const [pending, startTransition] = useTransition();
  const run = (action: () => Promise<ActionResult>) =>
    startTransition(async () => {
      const outcome = await action();
      setResult(outcome);
      if (outcome.ok && outcome.message) toast.success(outcome.message);
    });
  const toggleActive = () => run(() => setUserActiveAction(user.id, !user.active));

  return (
    <div className="flex flex-wrap items-center gap-2 md:justify-end">
      {result && !result.ok && <FormStatus message={result.message} />}
      <label htmlFor={`role-${user.id}`} className="sr-only">
        Role of {user.email}
      </label>
      <Select id={`role-${user.id}`} className="w-32" value={user.role} disabled={pending} onChange={(event) => run(() => changeUserRoleAction(user.id, event.target.value))}>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </Select>
      <Button
        variant={user.active ? "secondary" : "primary"}
        size="sm"
        disabled={pending}
        aria-label={`${user.active ? "Deactivate" : "Activate"} ${user.email}`}
        onClick={() => (user.active && isSelf ? setConfirmingSelf(true) : toggleActive())}
      >
        {user.active ? (isSelf ? "Deactivate (you)" : "Deactivate") : "Activate"}
      </Button>
      <ConfirmDialog
        open={confirmingSelf}
        onOpenChange={setConfirmingSelf}
        title="Deactivate your own account?"
        description="You will be signed out on your next request and cannot sign in again until another admin activates you."
        confirmLabel="Deactivate me"
        onConfirm={() => {
          setConfirmingSelf(false);
          toggleActive();
        }}
      />
    </div>
  );
}
