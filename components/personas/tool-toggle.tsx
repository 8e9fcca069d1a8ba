"use client";

import { useState, useTransition } from "react";
import { setPersonaToolEnabledAction } from "@/app/(dashboard)/personas/actions";
import { FormStatus } from "@/components/ui/form-status";
import { cn } from "@/components/ui/cn";

interface Props {
  readonly persona: string;
  readonly tool: string;
  /** Whether the operator has not switched it off. */
  readonly enabled: boolean;
  /** False for viewers. */
  readonly editable: boolean;
}

/** An accessible on/off switch for one tool of one persona. */
export function ToolToggle({ persona, tool, enabled, editable }: Props) {
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<string>();
  const toggle = () =>
    startTransition(async () => {
      const result = await setPersonaToolEnabledAction(persona, tool, !enabled);
      setFailure(result.ok ? undefined : result.message);
    });

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-label={`${tool} for ${persona}`}
        disabled={!editable || pending}
        onClick={toggle}
        className={cn(
          "relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50",
          enabled ? "bg-indigo-600" : "bg-zinc-300 dark:bg-zinc-700",
        )}
      >
        <span className={cn("inline-block h-4 w-4 rounded-full bg-white shadow transition-transform", enabled ? "translate-x-4" : "translate-x-0.5")} />
      </button>
      {failure && <FormStatus message={failure} />}
    </span>
  );
}
