"use client";

import { useOptimistic, useTransition } from "react";
import { setPersonaToolEnabledAction, setPersonaToolsEnabledAction } from "@/lib/personas/server/actions";
import { toast } from "@/components/ui/toaster";
import { switchToast, type SwitchChange } from "./switch-undo";

/** The key of one persona's switch for one tool. */
export const switchKey = (persona: string, tool: string) => `${persona}\u0000${tool}`;

/** Long enough to reach "Undo" by keyboard (sonner also pauses while the toast is hovered or focused). */
const UNDO_TOAST_MS = 10_000;

type Overrides = ReadonlyMap<string, boolean>;

/**
 * Persona tool switches with optimistic updates: a switch flips at once and stays flipped while
 * the server saves; the page's refreshed data then takes over. When the server refuses, the
 * transition ends with the old data, so the switch flips back by itself, and a toast says why.
 * A change that lands is announced with "Undo" (see switch-undo.ts), which goes through `save`
 * like any switch. Switches are never disabled while saving (a disabled control drops keyboard
 * focus): they show `aria-busy`. A second flip while the first still saves is sent too — the
 * operator sees the switch already flipped, so ignoring it would lose their intention; Next.js
 * runs a page's actions one after another, so the last flip is the one stored.
 */
export function useToolSwitches() {
  const [overrides, addOverrides] = useOptimistic<Overrides, { keys: readonly string[]; enabled: boolean }>(new Map(), (current, { keys, enabled }) => {
    const next = new Map(current);
    for (const key of keys) next.set(key, enabled);
    return next;
  });
  const [, startTransition] = useTransition();

  const send = (change: SwitchChange, isUndo: boolean) => {
    const { persona, tools, enabled } = change;
    startTransition(async () => {
      addOverrides({ keys: tools.map((tool) => switchKey(persona, tool)), enabled });
      const result = tools.length === 1 ? await setPersonaToolEnabledAction(persona, tools[0]!, enabled) : await setPersonaToolsEnabledAction(persona, tools, enabled);
      const outcome = switchToast(change, result, isUndo);
      if (outcome.kind === "error") toast.error(outcome.message);
      else if (outcome.undo === null) toast.success(outcome.message, { id: outcome.id });
      else {
        const undo = outcome.undo;
        toast.success(outcome.message, { id: outcome.id, duration: UNDO_TOAST_MS, action: { label: "Undo", onClick: () => send(undo, true) } });
      }
    });
  };

  return {
    /** The switch's state to show: the optimistic one while saving, else `stored`. */
    enabledOf: (persona: string, tool: string, stored: boolean) => overrides.get(switchKey(persona, tool)) ?? stored,
    isSaving: (persona: string, tool: string) => overrides.has(switchKey(persona, tool)),
    /** Switches `tools` of `persona` on or off, announcing the result with "Undo". */
    save: (persona: string, tools: readonly string[], enabled: boolean) => send({ persona, tools, enabled }, false),
  };
}
