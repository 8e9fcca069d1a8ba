"use client";

import { useMemo } from "react";
import { useLeaveGuard } from "@/components/shell/leave-guard";
import type { PersistedToolDefinition } from "@/lib/tools/client";
import type { SecretEntry } from "./secret-field";
import { documentFromDraft, draftFromPersisted, emptyDraft } from "./tool-draft";

interface UnsavedChangesInput {
  /** The definition the edit started from; null for a blank tool. */
  readonly initial: PersistedToolDefinition | null;
  /** The draft's document now. */
  readonly toolDocument: Record<string, unknown>;
  /** JSON text not (yet) taken by the form. */
  readonly jsonEdited: boolean;
  readonly secrets: Readonly<Record<string, SecretEntry>>;
  readonly readOnly: boolean;
  /** Runs when the operator leaves the page without these changes. */
  readonly onDiscarded?: () => void;
}

/**
 * Whether the editor holds unsaved changes — a document other than the one it started from
 * (compared as the form would produce it, so merely opening a tool is no change), JSON the form has
 * not taken, or a secret entered or cleared — and, while it does, leaving the page asks first.
 */
export function useUnsavedChanges({ initial, toolDocument, jsonEdited, secrets, readOnly, onDiscarded }: UnsavedChangesInput): boolean {
  const baseline = useMemo(() => JSON.stringify((initial ? documentFromDraft(draftFromPersisted(initial)) : documentFromDraft(emptyDraft())).document), [initial]);
  const dirty = jsonEdited || JSON.stringify(toolDocument) !== baseline || Object.values(secrets).some((entry) => entry.kind !== "keep");

  useLeaveGuard(dirty && !readOnly, "this tool", onDiscarded);

  return dirty;
}
