"use client";

import { useState, useTransition } from "react";
import { setPersonaToolEnabledAction } from "@/app/(dashboard)/personas/actions";
import { FormStatus } from "@/components/ui/form-status";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toaster";

interface Props {
  readonly persona: string;
  readonly tool: string;
  /** Whether the operator has not switched it off. */
  readonly enabled: boolean;
  /** False for viewers. */
  readonly editable: boolean;
}

/**
 * The on/off switch for one tool of one persona. It is never disabled while saving (a disabled
 * control drops keyboard focus); clicks during a save are ignored instead.
 */
export function ToolToggle({ persona, tool, enabled, editable }: Props) {
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<string>();
  const toggle = () => {
    if (pending) return;
    startTransition(async () => {
      const result = await setPersonaToolEnabledAction(persona, tool, !enabled);
      setFailure(result.ok ? undefined : result.message);
      if (result.ok) toast.success(result.message);
      else toast.error(result.message);
    });
  };

  return (
    <span className="inline-flex items-center gap-2">
      {failure && <FormStatus message={failure} />}
      <Switch checked={enabled} onCheckedChange={toggle} disabled={!editable} aria-busy={pending || undefined} aria-label={`${tool} for ${persona}`} />
    </span>
  );
}
