"use client";

import { useOptimistic, useTransition } from "react";
import { setPersonaCallLoggingAction } from "@/lib/personas/server/actions";
import { Card } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toaster";

interface Props {
  readonly persona: string;
  readonly enabled: boolean;
  /** How long call log rows are kept (QUIVER_CALL_LOG_RETENTION_DAYS). */
  readonly retentionDays: number;
}

/**
 * An admin's switch for keeping agent calls' arguments and results in the call log. It flips at
 * once and flips back by itself when the server refuses (the transition ends with the stored
 * value); it is never disabled while saving, so keyboard focus stays on it.
 */
export function CallLogSetting({ persona, enabled, retentionDays }: Props) {
  const [shown, setShown] = useOptimistic(enabled);
  const [saving, startTransition] = useTransition();

  const save = (next: boolean) =>
    startTransition(async () => {
      setShown(next);
      const result = await setPersonaCallLoggingAction(persona, next);
      if (result.ok) toast.success(result.message ?? "Saved.");
      else toast.error(result.message);
    });

  return (
    <Card title="Call log">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <label htmlFor="settings-call-log-payloads" className="text-sm font-medium">
            Keep arguments and results in the call log
          </label>
          <p id="settings-call-log-payloads-help" className="text-sm text-muted-foreground">
            Each call&apos;s arguments and result are stored with secrets redacted, cut at 4 KiB, and kept for {retentionDays} {retentionDays === 1 ? "day" : "days"}.
          </p>
        </div>
        <Switch
          id="settings-call-log-payloads"
          checked={shown}
          onCheckedChange={save}
          aria-describedby="settings-call-log-payloads-help"
          aria-busy={saving || undefined}
        />
      </div>
    </Card>
  );
}
