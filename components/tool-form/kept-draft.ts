"use client";

import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from "react";
import type { ToolDraft } from "./tool-draft";

/**
 * An unsaved draft kept in this tab's sessionStorage, so an accidental reload does not lose it: the
 * editor offers it back when it opens on the same page and the same stored version. Only the draft
 * is kept — never a secret value, which lives apart from it (a restored draft asks for those again).
 */
const KEPT_DRAFT = "quiver-draft:";

interface KeptDraft {
  /** The stored version the edit started from; null for a new tool. */
  readonly version: number | null;
  readonly draft: ToolDraft;
  readonly keptAt: number;
}

export interface DraftOffer {
  readonly keptAt: number;
  readonly restore: () => void;
  readonly discard: () => void;
}

function pageKey(): string {
  return KEPT_DRAFT + window.location.pathname + window.location.search;
}

function readKept(version: number | null): KeptDraft | null {
  const text = window.sessionStorage.getItem(pageKey());
  if (!text) return null;
  try {
    const kept = JSON.parse(text) as KeptDraft;
    return kept.version === version && kept.draft ? kept : null;
  } catch {
    return null;
  }
}

/** Forgets the draft kept for this page (after a save or an explicit discard). */
export function forgetKeptDraft(): void {
  window.sessionStorage.removeItem(pageKey());
}

/**
 * Keeps `draft` while it holds unsaved changes (forgets it when it no longer does) and, once on
 * opening, offers a draft kept by an earlier load of this page on the same version.
 */
export function useKeptDraft(draft: ToolDraft, unsaved: boolean, version: number | null, setDraft: Dispatch<SetStateAction<ToolDraft>>, enabled: boolean): DraftOffer | null {
  const [offered, setOffered] = useState<KeptDraft | null>(null);
  const [checked, setChecked] = useState(false);

  // Read after hydration, so the server's HTML and the first client render agree.
  useEffect(() => {
    if (!enabled) return;
    setOffered(readKept(version));
    setChecked(true);
  }, [enabled, version]);

  useEffect(() => {
    // Until the operator has answered the offer, the kept draft is theirs: do not overwrite it.
    if (!enabled || !checked || offered) return;
    if (unsaved) window.sessionStorage.setItem(pageKey(), JSON.stringify({ version, draft, keptAt: Date.now() } satisfies KeptDraft));
    else forgetKeptDraft();
  }, [enabled, checked, offered, unsaved, version, draft]);

  const restore = useCallback(() => {
    if (offered) setDraft(offered.draft);
    setOffered(null);
  }, [offered, setDraft]);
  const discard = useCallback(() => {
    forgetKeptDraft();
    setOffered(null);
  }, []);

  return offered ? { keptAt: offered.keptAt, restore, discard } : null;
}
