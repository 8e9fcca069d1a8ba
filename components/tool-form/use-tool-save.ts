"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { personasNamingToolAction, saveToolAction } from "@/lib/catalog/actions";
import { offerTestCaseRun } from "@/components/playground/offer-test-run";
import { toast } from "@/components/ui/toaster";
import type { ValidationIssue } from "@/lib/errors";
import type { PersistedToolDefinition } from "@/lib/tools/client";
import { forgetKeptDraft } from "./kept-draft";
import { stashEditsAndReload } from "./reapply-stash";
import { slotLocation } from "@/lib/secrets/slots";
import type { SecretEntry } from "./secret-field";

/** A rename some personas name the tool under: who, and whether they should follow it. */
export type RenameAsk = { personas: { slug: string; name: string }[]; update: boolean };

/** Why the last save was refused; a conflict (a newer version) can be answered by reapplying. */
export type SaveFailure = { message: string; conflict: boolean };

interface ToolSaveInput {
  /** Set when editing: the stored name and version the edit starts from. */
  readonly stored: { readonly name: string; readonly version: number } | null;
  readonly initial: PersistedToolDefinition | null;
  readonly toolDocument: Record<string, unknown>;
  /** The name the draft will save under (untrimmed). */
  readonly draftName: string;
  readonly secrets: Readonly<Record<string, SecretEntry>>;
  /** Forgets the secret entries once they are saved. */
  readonly resetSecrets: () => void;
  /** True while the shown view has problems: Save then only points at them. */
  readonly blocked: boolean;
}

/**
 * The tool editor's save flow: Save shows the problems instead while there are any, asks first
 * when a rename would leave personas naming the old name, sends the document with the secret
 * entries, and on success tells what happened (dropped secrets included) and opens the saved tool.
 * A refusal keeps every field; the server's issues come back at their paths, and a stale version
 * can be reloaded with these edits reapplied.
 */
const slotName = (slot: string): string => slotLocation(slot).name;

export function useToolSave({ stored, initial, toolDocument, draftName, secrets, resetSecrets, blocked }: ToolSaveInput) {
  const router = useRouter();
  const [attempted, setAttempted] = useState(false);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  // Rules only the server can judge (a credential's hosts, a name taken) come back at their paths.
  const [serverIssues, setServerIssues] = useState<readonly ValidationIssue[]>([]);
  const [renameAsk, setRenameAsk] = useState<RenameAsk | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (renamePersonaReferences: boolean) =>
    startTransition(async () => {
      const submitted: Record<string, { value: string } | { clear: true } | { pasted: string }> = {};
      for (const [header, entry] of Object.entries(secrets)) {
        if (entry.kind === "replace") submitted[header] = { value: entry.value };
        if (entry.kind === "pasted") submitted[header] = { pasted: entry.handle };
        if (entry.kind === "clear") submitted[header] = { clear: true };
      }
      const result = await saveToolAction({
        document: toolDocument,
        currentName: stored?.name ?? null,
        baseVersion: stored?.version ?? null,
        secrets: submitted,
        renamePersonaReferences,
        note,
      });
      if (!result.ok) {
        setFailure({ message: result.message, conflict: result.code === "conflict" });
        setServerIssues(result.errors);
        if (result.errors.length > 0) toast.error("The tool was not saved: fix the highlighted problems.");
        return;
      }
      setFailure(null);
      forgetKeptDraft();
      resetSecrets();
      toast.success(result.message ?? "Saved.");
      void offerTestCaseRun(result.data.name, (href) => router.push(href));
      for (const dropped of result.data.droppedSecrets) {
        toast.warning(
          dropped.reason === "origin_changed"
            ? `${slotName(dropped.header)}: the tool now points at another server, so its stored secret was not kept. Enter it again.`
            : `${slotName(dropped.header)} is no longer a secret ${slotLocation(dropped.header).location === "query" ? "query parameter" : "header"}; its stored value was removed.`,
        );
      }
      router.push(`/tools/${result.data.name}`);
      router.refresh();
    });

  const save = async () => {
    setAttempted(true);
    if (blocked) {
      document.querySelector<HTMLElement>("#editor-problems")?.focus();
      return;
    }
    if (stored && draftName.trim() !== stored.name) {
      const referencing = await personasNamingToolAction(stored.name);
      if (referencing.ok && referencing.data.length > 0) {
        setRenameAsk({ personas: referencing.data, update: true });
        return;
      }
    }
    submit(false);
  };

  /** The rename dialog's confirmation: save, with the personas following when the operator left that ticked. */
  const confirmRename = () => {
    const update = renameAsk?.update ?? false;
    setRenameAsk(null);
    submit(update);
  };

  const reapply = () => {
    if (!stored || !initial) return;
    stashEditsAndReload(stored.name, initial, toolDocument);
  };

  return {
    attempted,
    note,
    setNote,
    failure,
    serverIssues,
    clearServerIssues: () => setServerIssues([]),
    renameAsk,
    setRenameAsk,
    confirmRename,
    pending,
    save,
    reapply,
  };
}
