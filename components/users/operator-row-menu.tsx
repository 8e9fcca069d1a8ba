"use client";

import { History, MoreHorizontal, Unlink } from "lucide-react";
import { useState, useTransition } from "react";
import { removeSingleSignOnLinkAction } from "@/lib/operators/actions";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Menu, type MenuItem } from "@/components/ui/menu";
import { toast } from "@/components/ui/toaster";
import { issuerHost } from "./single-sign-on-badge";
import { useReturnFocus } from "./use-return-focus";

interface Props {
  readonly user: { id: string; email: string };
  /** The identity provider the operator is linked to, or null. */
  readonly singleSignOnIssuer: string | null;
}

/**
 * An operator row's ⋯ menu (admins only): their entries in the audit trail and, while they are
 * linked to single sign-on, removing that link, asked first. The ⋯ button stays after a removal,
 * so focus comes back to it whatever the answer.
 */
export function OperatorRowMenu({ user, singleSignOnIssuer }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const triggerId = `operator-menu-${user.id}`;
  useReturnFocus(confirming, triggerId);
  const removeLink = () =>
    startTransition(async () => {
      const outcome = await removeSingleSignOnLinkAction(user.id);
      setConfirming(false);
      if (outcome.ok) toast.success(outcome.message ?? "Single sign-on link removed.");
      else toast.error(outcome.message);
    });
  // Kept mounted (driven by `open`); the page drops the issuer once the link is gone.
  const provider = singleSignOnIssuer ? issuerHost(singleSignOnIssuer) : "the identity provider";
  const items: MenuItem[] = [
    { kind: "link", label: "Audit trail", href: `/audit?type=user&target=${encodeURIComponent(user.email)}`, icon: <History aria-hidden /> },
  ];
  if (singleSignOnIssuer) {
    items.push({ kind: "separator" }, { kind: "action", label: "Remove single sign-on link", icon: <Unlink aria-hidden />, destructive: true, onSelect: () => setConfirming(true) });
  }

  return (
    <>
      <Menu
        items={items}
        trigger={
          <Button id={triggerId} variant="ghost" size="icon">
            <MoreHorizontal aria-hidden />
            <span className="sr-only">Actions for {user.email}</span>
          </Button>
        }
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${user.email}'s single sign-on link?`}
        description={`Their next single sign-on through ${provider} links them again, to whichever account there has the verified e-mail ${user.email}. Their password and current sessions are not affected.`}
        confirmLabel="Remove link"
        pending={pending}
        onConfirm={removeLink}
      />
    </>
  );
}
