"use client";

import { useState, type Dispatch, type SetStateAction } from "react";
import { toast } from "@/components/ui/toaster";
import type { ValidationIssue } from "@/lib/errors";
import { toPersistedForm, type ToolDefinition } from "@/lib/tools/client";
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
    if (result.definition) setDraft((current) => ({ ...draftFromPersisted(toPersistedForm(result.definition!)), headers: keepSecretRows(current, result.definition!) }));
  };

  return { view, jsonText, jsonIssues, jsonEdited, switchView, editJson };
}

/** After a JSON edit, header rows keep being secret where the JSON says so (values stay server-side). */
function keepSecretRows(current: ToolDraft, definition: ToolDefinition): ToolDraft["headers"] {
  return draftFromPersisted(toPersistedForm(definition)).headers.map((row) => ({ ...row, key: current.headers.find((old) => old.name === row.name)?.key ?? row.key }));
}
