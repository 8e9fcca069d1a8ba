"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { fireConfirmation, type FireConfirmation, type FirePlan, type FireTarget } from "@/lib/playground/fire-confirmation";

/** Fires `plan` for real once the operator agrees (or at once, when the rule asks nothing). */
export type ConfirmThenFire = (plan: FirePlan, fire: () => void) => void;

interface Question {
  readonly confirmation: FireConfirmation;
  readonly fire: () => void;
  /** Where focus was when the question came up, to go back to when it is answered. */
  readonly trigger: HTMLElement | null;
}

/**
 * The playground's one confirm step before anything fires `tool` for real (Fire, Run all, a test
 * case's Run): the shared rule (lib/playground/fire-confirmation.ts) decides whether to ask and
 * what to say, and the question is the design system's ConfirmDialog, whose focus starts on
 * Cancel. Returns the function that asks, and the dialog to render once.
 */
export function useFireConfirmation(tool: FireTarget): { confirmThenFire: ConfirmThenFire; dialog: React.ReactNode } {
  const [question, setQuestion] = useState<Question | null>(null);
  const [open, setOpen] = useState(false);

  const confirmThenFire: ConfirmThenFire = (plan, fire) => {
    const confirmation = fireConfirmation(tool, plan);
    if (!confirmation) return fire();
    const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setQuestion({ confirmation, fire, trigger });
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    // Opened without a Radix trigger, the dialog has nowhere to return focus to on its own. A
    // trigger the fire replaced (Fire gives way to Cancel) is left alone: its replacement takes focus.
    const trigger = question?.trigger;
    setTimeout(() => {
      if (trigger?.isConnected) trigger.focus();
    });
  };

  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={question?.confirmation.title ?? ""}
      description={question?.confirmation.description ?? ""}
      confirmLabel={question?.confirmation.confirmLabel ?? ""}
      destructive={false}
      onConfirm={() => {
        close();
        question?.fire();
      }}
    />
  );
  return { confirmThenFire, dialog };
}
