"use client";

import { useEffect, type Dispatch, type SetStateAction } from "react";
import { toast } from "@/components/ui/toaster";
import { ValidationError } from "@/lib/errors";
import { parseToolDefinition, toPersistedForm, type PersistedToolDefinition } from "@/lib/tools/client";
import { reapplyEdits } from "./reapply";
import { draftFromPersisted, type ToolDraft } from "./tool-draft";

/**
 * "Load the latest version and reapply my edits" across a reload: the edit and the version it
 * started from wait in sessionStorage (per tool) while the page loads the latest version, and are
 * then laid over it with reapplyEdits.
 */
const STASH = "quiver-reapply:";

/** Stashes the operator's document and the version it started from, and reloads the page on the latest version. */
export function stashEditsAndReload(name: string, base: PersistedToolDefinition, mine: Record<string, unknown>): void {
  window.sessionStorage.setItem(STASH + name, JSON.stringify({ base, mine }));
  window.location.reload();
}

/** Lays a stashed edit of tool `stored.name` over `initial` (the latest version) once, then forgets it. */
export function useReappliedEdits(
  initial: PersistedToolDefinition | null,
  stored: { readonly name: string } | null,
  setDraft: Dispatch<SetStateAction<ToolDraft>>,
): void {
  // After "reapply my edits" the page reloads on the latest version; the stashed edit is laid over it
  // here, after hydration, so the server's HTML and the first client render agree.
  useEffect(() => {
    if (!stored || !initial) return;
    const stash = window.sessionStorage.getItem(STASH + stored.name);
    if (!stash) return;
    window.sessionStorage.removeItem(STASH + stored.name);
    const { base, mine } = JSON.parse(stash) as { base: Record<string, unknown>; mine: Record<string, unknown> };
    const merged = reapplyEdits(base, mine, initial as unknown as Record<string, unknown>).document;
    try {
      setDraft(draftFromPersisted(toPersistedForm(parseToolDefinition(merged))));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      toast.error("Your edits no longer fit the latest version; they were not reapplied.");
    }
  }, [initial, stored, setDraft]);
}
