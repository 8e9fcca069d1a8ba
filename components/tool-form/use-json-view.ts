"use client";

import { useState, type Dispatch, type SetStateAction } from "react";
import { toast } from "@/components/ui/toaster";
import type { ValidationIssue } from "@/lib/errors";
import { toPersistedForm } from "@/lib/tools/client";
import { checkDocument } from "./document-check";
import { draftFromPersisted, type ToolDraft } from "./tool-draft";

/**
 * The tool editor's two views of one draft: the form, and the whole definition as JSON text.
 * Switching to JSON shows the draft's document; JSON text reaches the form only once the rules
 * allow it, and the form cannot be shown again until they do.
 */
export function useJsonView(
  toolDocument: Record<string, unknown>,
  formIssues: ValidationIssue[],
  setDraft: Dispatch<SetStateAction<ToolDraft>>,
) {
  const [view, setView] = useState<"form" | "json">("form");
  const [jsonText, setJsonText] = useState("");
  const [jsonIssues, setJsonIssues] = useState<ValidationIssue[]>([]);
  // JSON the form cannot take yet (invalid) is an unsaved change too: Save must say why it refuses.
  const jsonEdited = view === "json" && jsonText !== JSON.stringify(toolDocument, null, 2);

  const switchView = (next: string) => {
    if (next === "json") {
      setJsonText(JSON.stringify(toolDocument, null, 2));
      setJsonIssues(formIssues);
      setView("json");
      return;
    }
    if (jsonIssues.length > 0) {
      toast.error("Fix the JSON problems first: the form can only show a definition the rules allow.");
      return;
    }
    setView("form");
  };
  const editJson = (text: string) => {
    setJsonText(text);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      setJsonIssues([{ path: "", message: `is not valid JSON: ${(error as Error).message}` }]);
      return;
    }
    const result = checkDocument(parsed, []);
    setJsonIssues(result.issues);
    // Only a definition the rules allow reaches the form; flat sugar arrives lifted.
    if (result.definition) setDraft((current) => keepRowKeys(current, draftFromPersisted(toPersistedForm(result.definition!))));
  };

  return { view, jsonText, jsonIssues, jsonEdited, switchView, editJson };
}

/**
 * After a JSON edit, header and query rows are secret where the JSON says so (values stay
 * server-side), and a row of the same name keeps its identity, so the secret field typed in stays.
 */
function keepRowKeys(current: ToolDraft, next: ToolDraft): ToolDraft {
  const keyed = <R extends { key: string; name: string }>(rows: readonly R[], old: readonly R[]): R[] =>
    rows.map((row) => ({ ...row, key: old.find((candidate) => candidate.name === row.name)?.key ?? row.key }));
  return { ...next, headers: keyed(next.headers, current.headers), query: keyed(next.query, current.query) };
}
