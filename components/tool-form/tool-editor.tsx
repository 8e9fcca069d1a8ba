"use client";

import { useMemo, useState } from "react";
import { Tabs } from "@/components/ui/tabs";
import type { PersistedToolDefinition } from "@/lib/tools/client";
import type { CredentialChoice } from "./credential-choices";
import { checkDocument } from "./document-check";
import { issuesAt } from "./field-issues";
import { FormTab } from "./form-tab";
import { JsonTab } from "./json-tab";
import { useReappliedEdits } from "./reapply-stash";
import { RenameDialog } from "./rename-dialog";
import { SaveBar } from "./save-bar";
import { EditorProblems, SaveFailureAlert } from "./save-feedback";
import type { SecretEntry } from "./secret-field";
import { documentFromDraft, draftFromPersisted, emptyDraft, type ToolDraft } from "./tool-draft";
import { useJsonView } from "./use-json-view";
import { useToolSave } from "./use-tool-save";
import { useUnsavedChanges } from "./use-unsaved-changes";

export interface ToolEditorProps {
  /** The stored definition being edited or cloned; null for a blank tool. */
  readonly initial: PersistedToolDefinition | null;
  /** Set when editing: the stored name and version the edit starts from. */
  readonly stored: { readonly name: string; readonly version: number } | null;
  /** Masks of stored secret values by lower-cased header (editing only). */
  readonly masks: Readonly<Record<string, string>>;
  readonly readOnly: boolean;
  /** A draft made from a curl command: its pasted secret values (the headers of `masks`) stay on the server under this handle. */
  readonly pastedHandle?: string;
  /** The shared credentials the picker offers (those admitting the URL's host are listed). */
  readonly credentials: readonly CredentialChoice[];
}

/**
 * The tool editor: a form for every part of a data-defined tool (with a JSON tab for the whole
 * definition), validated as the operator types by the same parseToolDefinition the server runs,
 * a live preview, masked secrets, and a save that refuses to overwrite a colleague's newer
 * version — offering instead to reapply these edits on top of it.
 */
export function ToolEditor({ initial, stored, masks, readOnly, pastedHandle, credentials }: ToolEditorProps) {
  const startDraft = useMemo(() => (initial ? draftFromPersisted(initial) : emptyDraft()), [initial]);
  const [draft, setDraft] = useState<ToolDraft>(startDraft);
  const [secrets, setSecrets] = useState<Record<string, SecretEntry>>(() =>
    pastedHandle ? Object.fromEntries(Object.keys(masks).map((header) => [header, { kind: "pasted", handle: pastedHandle }])) : {},
  );

  const { document: toolDocument, issues: draftIssues } = useMemo(() => documentFromDraft(draft), [draft]);
  const checked = useMemo(() => checkDocument(toolDocument, draftIssues), [toolDocument, draftIssues]);
  const json = useJsonView(toolDocument, checked.issues, setDraft);
  const dirty = useUnsavedChanges({ initial, toolDocument, jsonEdited: json.jsonEdited, secrets, readOnly });
  const saving = useToolSave({
    stored,
    initial,
    toolDocument,
    draftName: draft.name,
    secrets,
    resetSecrets: () => setSecrets({}),
    blocked: json.view === "json" ? json.jsonIssues.length > 0 : checked.issues.length > 0,
  });
  useReappliedEdits(initial, stored, setDraft);

  const showIssues = saving.attempted || dirty;
  const issues = showIssues ? [...checked.issues, ...saving.serverIssues] : [];
  const update = (patch: Partial<ToolDraft>) => {
    saving.clearServerIssues();
    setDraft((current) => ({ ...current, ...patch }));
  };

  const problems = json.view === "json" ? json.jsonIssues : issues;
  return (
    <div className="grid gap-6">
      {saving.attempted && problems.length > 0 && <EditorProblems problems={problems} />}
      {saving.failure && <SaveFailureAlert failure={saving.failure} onReapply={saving.reapply} />}
      <Tabs
        label="Editor view"
        value={json.view}
        onValueChange={json.switchView}
        panels={[
          {
            value: "form",
            label: "Form",
            content: (
              <FormTab
                draft={draft}
                update={update}
                issues={issues}
                readOnly={readOnly}
                credentials={credentials}
                masks={masks}
                secrets={secrets}
                onSecretChange={(header, entry) => setSecrets((current) => ({ ...current, [header]: entry }))}
                storedUrl={initial !== null && stored !== null ? initial.request.url : null}
                definition={checked.definition}
              />
            ),
          },
          { value: "json", label: "JSON", content: <JsonTab text={json.jsonText} onChange={json.editJson} issues={json.jsonIssues} readOnly={readOnly} /> },
        ]}
      />
      {!readOnly && (
        <SaveBar
          editing={stored !== null}
          dirty={dirty}
          pending={saving.pending}
          note={saving.note}
          onNoteChange={saving.setNote}
          noteInvalid={Boolean(issuesAt(issues, "note"))}
          onSave={saving.save}
        />
      )}
      <RenameDialog ask={saving.renameAsk} onAskChange={saving.setRenameAsk} from={stored?.name} to={draft.name.trim()} onConfirm={saving.confirmRename} />
    </div>
  );
}
