"use client";

import { useState, useTransition } from "react";
import { changeUserRoleAction, setUserActiveAction } from "@/app/(dashboard)/settings/users/actions";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import type { ActionResult } from "@/lib/actions/action-result";
import { ROLES, type Role } from "@/lib/auth/roles";

interface Props {
  readonly user: { id: string; email: string; role: Role; active: boolean };
  readonly isSelf: boolean;
}

/** Role and status controls for one operator row (admins only). */
export function UserControls({ user, isSelf }: Props) {
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const run = (action: () => Promise<ActionResult>) => startTransition(async () => setResult(await action()));

  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <label htmlFor={`role-${user.id}`} className="sr-only">Role of {user.email}</label>
      <Select
        id={`role-${user.id}`}
        className="w-28"
        value={user.role}
        disabled={pending}
        onChange={(event) => run(() => changeUserRoleAction(user.id, event.target.value))}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>{role}</option>
        ))}
      </Select>
      <Button
        variant={user.active ? "secondary" : "primary"}
        disabled={pending}
        aria-label={`${user.active ? "Deactivate" : "Activate"} ${user.email}`}
        onClick={() => run(() => setUserActiveAction(user.id, !user.active))}
      >
        {user.active ? (isSelf ? "Deactivate (you)" : "Deactivate") : "Activate"}
      </Button>
      {result && !result.ok && <FormStatus message={result.message} />}
    </div>
  );
}
