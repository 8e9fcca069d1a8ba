"use client";

import { useState, useTransition } from "react";
import { changeUserRoleAction, setUserActiveAction } from "@/lib/operators/actions";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormStatus } from "@/components/ui/form-status";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/actions/action-result";
import { isRole, ROLE_DESCRIPTIONS, ROLES, type Role } from "@/lib/operators/roles";
import { OperatorRowMenu } from "./operator-row-menu";
import { ResetPasswordButton } from "./reset-password-button";
import { useReturnFocus } from "./use-return-focus";

interface Props {
  readonly user: { id: string; email: string; role: Role; active: boolean };
  readonly isSelf: boolean;
  /** The identity provider the operator is linked to for single sign-on, or null. */
  readonly singleSignOnIssuer: string | null;
}

/**
 * Role, status and password controls for one operator row, then its ⋯ menu (admins only). A role
 * change and a deactivation ask first; cancelling leaves the operator exactly as they were.
 */
export function UserControls({ user, isSelf, singleSignOnIssuer }: Props) {
  const [result, setResult] = useState<ActionResult | null>(null);
  const [proposedRole, setProposedRole] = useState<Role | null>(null);
  const [confirmingDeactivation, setConfirmingDeactivation] = useState(false);
  const [pending, startTransition] = useTransition();
  const roleId = `role-${user.id}`;
  const activeId = `active-${user.id}`;
  useReturnFocus(proposedRole !== null, roleId);
  useReturnFocus(confirmingDeactivation, activeId);
  const run = (action: () => Promise<ActionResult>) =>
    startTransition(async () => {
      const outcome = await action();
      setResult(outcome);
      if (outcome.ok && outcome.message) toast.success(outcome.message);
    });
  const who = isSelf ? "your own" : `${user.email}'s`;

  return (
    <div className="flex flex-wrap items-center gap-2 md:justify-end">
      {result && !result.ok && <FormStatus message={result.message} />}
      <label htmlFor={roleId} className="sr-only">
        Role of {user.email}
      </label>
      <Select
        id={roleId}
        className="w-32"
        value={proposedRole ?? user.role}
        disabled={pending}
        onChange={(event) => {
          const role = event.target.value;
          if (isRole(role) && role !== user.role) setProposedRole(role);
        }}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </Select>
      {!isSelf && user.active && <ResetPasswordButton user={user} disabled={pending} />}
      <Button
        id={activeId}
        variant={user.active ? "secondary" : "primary"}
        size="sm"
        disabled={pending}
        aria-label={`${user.active ? "Deactivate" : "Activate"} ${user.email}`}
        onClick={() => (user.active ? setConfirmingDeactivation(true) : run(() => setUserActiveAction(user.id, true)))}
      >
        {user.active ? (isSelf ? "Deactivate (you)" : "Deactivate") : "Activate"}
      </Button>
      {/* On phone cards the ⋯ sits at the card's top right, as other tables' row menus do. */}
      <span className="max-md:absolute max-md:top-2 max-md:right-2">
        <OperatorRowMenu user={user} singleSignOnIssuer={singleSignOnIssuer} />
      </span>
      <ConfirmDialog
        open={proposedRole !== null}
        onOpenChange={(open) => !open && setProposedRole(null)}
        title={`Change ${who} role to ${proposedRole}?`}
        description={`From ${user.role} to ${proposedRole}: ${proposedRole ? ROLE_DESCRIPTIONS[proposedRole] : ""} It takes effect on their next request.`}
        confirmLabel="Change role"
        destructive={false}
        onConfirm={() => {
          const role = proposedRole!;
          setProposedRole(null);
          run(() => changeUserRoleAction(user.id, role));
        }}
      />
      <ConfirmDialog
        open={confirmingDeactivation}
        onOpenChange={setConfirmingDeactivation}
        title={isSelf ? "Deactivate your own account?" : `Deactivate ${user.email}?`}
        description={
          isSelf
            ? "You will be signed out on your next request and cannot sign in again until another admin activates you. Apps you approved (Settings → Connected apps) are disconnected."
            : "Every session of theirs ends on its next request, and they cannot sign in until an admin activates them again. Apps they approved (Settings → Connected apps) are disconnected."
        }
        confirmLabel={isSelf ? "Deactivate me" : "Deactivate"}
        onConfirm={() => {
          setConfirmingDeactivation(false);
          run(() => setUserActiveAction(user.id, false));
        }}
      />
    </div>
  );
}
