"use client";

import { useEffect, useRef } from "react";
import { revokeApiKeyAction } from "@/lib/agent-door/actions";
import { RevokeButton } from "@/components/ui/revoke-button";
import { revokedFocusId } from "./key-status";

/** "Revoke", after a confirmation: the key stops working on the next call. */
export function RevokeKeyButton({ id, name }: { id: string; name: string }) {
  const revoked = useRef(false);
  // The refreshed list replaces this button once the key is revoked: hand focus to the key's name
  // rather than letting it fall to the page's start.
  useEffect(() => () => {
    if (revoked.current) requestAnimationFrame(() => document.getElementById(revokedFocusId(id))?.focus());
  }, [id]);

  return (
    <RevokeButton
      name={name}
      title={`Revoke API key ${name}?`}
      description="Agents using this key are refused from their next call on. A revoked key cannot be restored; create a new one if it is needed again."
      confirmLabel="Revoke key"
      revoke={() => revokeApiKeyAction(id)}
      onRevoked={() => {
        revoked.current = true;
      }}
    />
  );
}
