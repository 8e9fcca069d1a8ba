"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Tabs } from "@/components/ui/tabs";
import type { PersistedToolDefinition } from "@/lib/tools/client";
import type { CredentialChoice } from "./credential-choices";
import { checkDocument } from "./document-check";
import { issuesAt } from "./field-issues";
import { FormTab } from "./form-tab";
import { forgetKeptDraft, useKeptDraft } from "./kept-draft";
import { JsonTab } from "./json-tab";
import { useReappliedEdits } from "./reapply-stash";
import { RenameDialog } from "./rename-dialog";
import { SaveBar } from "./save-bar";
import { EditorProblems, KeptDraftOffer, SaveFailureAlert } from "./save-feedback";
import type { SecretEntry } from "./secret-field";
import { documentFromDraft, draftFromPersisted, emptyDraft, type ToolDraft } from "./tool-draft";
import { useJsonView } from "./use-json-view";
import { useToolSave } from "./use-tool-save";
import { takenNameIssue, useTakenName } from "./use-taken-name";
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
export function ToolEditor(props: ToolEditorProps) {
  // Discard starts the editor afresh: every piece of its state (draft, JSON text, secrets, issues) as opened.
  const [opening, setOpening] = useState(0);
  return <EditorBody key={opening} {...props} onDiscarded={() => setOpening((count) => count + 1)} />;
}

function EditorBody({ initial, stored, masks, readOnly, pastedHandle, credentials, onDiscarded }: ToolEditorProps & { readonly onDiscarded: () => void }) {
  const startDraft = useMemo(() => (initial ? draftFromPersisted(initial) : emptyDraft()), [initial]);
  const [draft, setDraft] = useState<ToolDraft>(startDraft);
  const [secrets, setSecrets] = useState<Record<string, SecretEntry>>(() =>
    pastedHandle ? Object.fromEntries(Object.keys(masks).map((header) => [header, { kind: "pasted", handle: pastedHandle }])) : {},
  );

  const { document: toolDocument, issues: draftIssues } = useMemo(() => documentFromDraft(draft), [draft]);
  const takenName = useTakenName(draft.name, stored?.name ?? null, !readOnly);
  const checked = useMemo(() => {
    const result = checkDocument(toolDocument, draftIssues);
    return takenName ? { ...result, issues: [...result.issues.filter((issue) => issue.path !== "name"), takenNameIssue(takenName)] } : result;
  }, [toolDocument, draftIssues, takenName]);
  const json = useJsonView(toolDocument, checked.issues, setDraft);
  const dirty = useUnsavedChanges({ initial, toolDocument, jsonEdited: json.jsonEdited, secrets, readOnly, onDiscarded: forgetKeptDraft });
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
  // A curl draft's pasted secrets wait on the server under a one-time handle: such a page is not kept.
  const keptDraft = useKeptDraft(draft, dirty, stored?.version ?? null, setDraft, !readOnly && !pastedHandle);
  const router = useRouter();
  const discard = () => {
    forgetKeptDraft();
    if (stored) onDiscarded();
    else router.push("/tools");
  };

  const showIssues = saving.attempted || dirty;
  // The server's word on the name (a race the live check missed) replaces the live check's.
  const serverNamesName = saving.serverIssues.some((issue) => issue.path === "name");
  const issues = showIssues ? [...checked.issues.filter((issue) => !(serverNamesName && issue.path === "name")), ...saving.serverIssues] : [];
  const update = (patch: Partial<ToolDraft>) => {
    saving.clearServerIssues();
    setDraft((current) => ({ ...current, ...patch }));
  };

  const problems = json.view === "json" ? json.jsonIssues : issues;
  return (
    <div className="grid gap-6">
      {keptDraft && <KeptDraftOffer offer={keptDraft} />}
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
                takenName={takenName ?? (serverNamesName ? draft.name.trim() : null)}
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
          onDiscard={discard}
        />
      )}
      <RenameDialog ask={saving.renameAsk} onAskChange={saving.setRenameAsk} from={stored?.name} to={draft.name.trim()} onConfirm={saving.confirmRename} />
    </div>
  );
}
