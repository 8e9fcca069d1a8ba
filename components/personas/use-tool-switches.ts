"use client";

import { useOptimistic, useTransition } from "react";
import { setPersonaToolEnabledAction, setPersonaToolsEnabledAction } from "@/lib/personas/server/actions";
import { toast } from "@/components/ui/toaster";

/** The key of one persona's switch for one tool. */
export const switchKey = (persona: string, tool: string) => `${persona}\u0000${tool}`;

type Overrides = ReadonlyMap<string, boolean>;

/**
 * Persona tool switches with optimistic updates: a switch flips at once and stays flipped while
 * the server saves; the page's refreshed data then takes over. When the server refuses, the
 * transition ends with the old data, so the switch flips back by itself, and a toast says why.
 * Switches are never disabled while saving (a disabled control drops keyboard focus): they show
 * `aria-busy`. A second flip while the first still saves is sent too — the operator sees the switch
 * already flipped, so ignoring it would lose their intention; Next.js runs a page's actions one
 * after another, so the last flip is the one stored.
 */
export function useToolSwitches() {
  const [overrides, addOverrides] = useOptimistic<Overrides, { keys: readonly string[]; enabled: boolean }>(new Map(), (current, { keys, enabled }) => {
    const next = new Map(current);
    for (const key of keys) next.set(key, enabled);
    return next;
  });
  const [, startTransition] = useTransition();

  const save = (persona: string, tools: readonly string[], enabled: boolean) => {
    const keys = tools.map((tool) => switchKey(persona, tool));
    startTransition(async () => {
      addOverrides({ keys, enabled });
      const result = tools.length === 1 ? await setPersonaToolEnabledAction(persona, tools[0]!, enabled) : await setPersonaToolsEnabledAction(persona, tools, enabled);
      if (result.ok) toast.success(result.message ?? "Saved.");
      else toast.error(result.message);
    });
  };

  return {
    /** The switch's state to show: the optimistic one while saving, else `stored`. */
    enabledOf: (persona: string, tool: string, stored: boolean) => overrides.get(switchKey(persona, tool)) ?? stored,
    isSaving: (persona: string, tool: string) => overrides.has(switchKey(persona, tool)),
    save,
  };
}
