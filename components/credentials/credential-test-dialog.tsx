"use client";

import { useState, useTransition } from "react";
import { testCredentialAction } from "@/lib/credentials/server/actions";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormStatus } from "@/components/ui/form-status";
import { formatTime } from "@/components/usage/format";
import type { ActionResult } from "@/lib/actions/action-result";
import type { CredentialTestResult } from "@/lib/credentials/server/credentials";

/**
 * "Test": for OAuth2, Quiver fetches a token through the destination guard and shows when it
 * expires and which scopes it carries — never the token. Other kinds show where the value goes,
 * masked. The outcome is announced (aria-live).
 */
export function CredentialTestDialog({ name, open, onOpenChange }: { name: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [result, setResult] = useState<ActionResult<CredentialTestResult> | null>(null);
  const [pending, startTransition] = useTransition();
  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) setResult(null);
  };
  const run = () => startTransition(async () => setResult(await testCredentialAction(name)));

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={`Test credential ${name}`}
      description="An OAuth2 credential fetches a fresh token from its token URL; other kinds show where their value is placed. Nothing is sent to a tool."
      footer={
        <>
          <Button variant="secondary" onClick={() => changeOpen(false)}>
            Close
          </Button>
          <Button onClick={run} disabled={pending}>
            {pending ? "Testing…" : "Run test"}
          </Button>
        </>
      }
    >
      <div role="status" aria-live="polite" className="grid gap-2 text-sm">
        {result?.ok && <TestOutcome outcome={result.data} />}
      </div>
      {result && !result.ok && <FormStatus ok={false} message={result.message} />}
    </Dialog>
  );
}

function TestOutcome({ outcome }: { outcome: CredentialTestResult }) {
  if (!outcome.ok) return <p className="rounded-md border border-warning/40 bg-warning-subtle p-3 text-warning-foreground">{outcome.message}</p>;
  if (outcome.kind === "oauth2_client_credentials") {
    return (
      <div className="grid gap-1 rounded-md border bg-muted/40 p-3">
        <p className="font-medium text-success-foreground">A token was fetched. It is not shown.</p>
        <dl className="grid gap-1">
          <div className="flex flex-wrap gap-2">
            <dt className="text-muted-foreground">Expires</dt>
            <dd className="tabular-nums">{outcome.expiresAt ? formatTime(new Date(outcome.expiresAt)) : "not stated by the token endpoint"}</dd>
          </div>
          <div className="flex flex-wrap gap-2">
            <dt className="text-muted-foreground">Scopes</dt>
            <dd className="font-mono">{outcome.scopes && outcome.scopes.length > 0 ? outcome.scopes.join(" ") : "none stated"}</dd>
          </div>
        </dl>
      </div>
    );
  }
  return (
    <div className="grid gap-1 rounded-md border bg-muted/40 p-3">
      <p className="font-medium">A value is stored. Tools send it as:</p>
      <code className="font-mono break-all">{outcome.placement}</code>
    </div>
  );
}
