"use client";

import { useEffect, useRef } from "react";
import { revokeConnectedAppAction } from "@/lib/agent-door/oauth/actions";
import { RevokeButton } from "@/components/ui/revoke-button";

/** The id of the line focus moves to once the revoked app's row is gone. */
export const CONNECTED_APPS_COUNT_ID = "connected-apps-count";

/** "Revoke", after a confirmation: the app's tokens stop working on its next call. */
export function RevokeAppButton({ grantId, name }: { grantId: string; name: string }) {
  const revoked = useRef(false);
  // The refreshed list drops the row, and this button with it: focus goes to the count above the list.
  useEffect(() => () => {
    if (revoked.current) requestAnimationFrame(() => document.getElementById(CONNECTED_APPS_COUNT_ID)?.focus());
  }, []);

  return (
    <RevokeButton
      name={name}
      title={`Revoke ${name}?`}
      description="Its access and refresh tokens stop working at once, on every instance: its next call is refused. To use Quiver again it has to be approved again."
      confirmLabel="Revoke app"
      revoke={() => revokeConnectedAppAction(grantId)}
      onRevoked={() => {
        revoked.current = true;
      }}
    />
  );
}
