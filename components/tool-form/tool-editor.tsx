"use client";

import { AlertTriangle, Save } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState, useTransition } from "react";
import { personasNamingToolAction, saveToolAction } from "@/app/(dashboard)/tools/actions";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Textarea } from "@/components/ui/field";
import { JsonEditor } from "@/components/ui/json-editor";
import { Tabs } from "@/components/ui/tabs";
import { offerTestCaseRun } from "@/components/playground/offer-test-run";
import { toast } from "@/components/ui/toaster";
import { ValidationError, type ValidationIssue } from "@/lib/errors";
import { parseToolDefinition, toPersistedForm, type PersistedToolDefinition, type ToolDefinition } from "@/lib/tools/client";
import { BehaviourEditor } from "./behaviour-editor";
import type { CredentialChoice } from "./credential-choices";
import { CredentialPicker } from "./credential-picker";
import { controlId, issuesAt } from "./field-issues";
import { IssueList } from "./issue-list";
import { LivePreview } from "./live-preview";
import { ParametersEditor } from "./parameters-editor";
import { reapplyEdits } from "./reapply";
import { RequestEditor } from "./request-editor";
import type { SecretEntry } from "./secret-field";
import { documentFromDraft, draftFromPersisted, emptyDraft, type ToolDraft } from "./tool-draft";

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

type Checked = { definition: ToolDefinition; issues: ValidationIssue[] } | { definition: null; issues: ValidationIssue[] };

/** The one validator's verdict on a document, plus the draft's own conversion problems. */
function check(document: unknown, draftIssues: readonly ValidationIssue[]): Checked {
  try {
    const definition = parseToolDefinition(document);
    return draftIssues.length > 0 ? { definition: null, issues: [...draftIssues] } : { definition, issues: [] };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const seen = new Set(draftIssues.map((issue) => issue.path));
    return { definition: null, issues: [...draftIssues, ...error.issues.filter((issue) => !seen.has(issue.path))] };
  }
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

const STASH = "quiver-reapply:";

/**
 * The tool editor: a form for every part of a data-defined tool (with a JSON tab for the whole
 * definition), validated as the operator types by the same parseToolDefinition the server runs,
 * a live preview, masked secrets, and a save that refuses to overwrite a colleague's newer
 * version — offering instead to reapply these edits on top of it.
 */
export function ToolEditor({ initial, stored, masks, readOnly, pastedHandle, credentials }: ToolEditorProps) {
  const router = useRouter();
  const startDraft = useMemo(() => (initial ? draftFromPersisted(initial) : emptyDraft()), [initial]);
  const baseline = useMemo(() => JSON.stringify((initial ? documentFromDraft(draftFromPersisted(initial)) : documentFromDraft(emptyDraft())).document), [initial]);
  const [draft, setDraft] = useState<ToolDraft>(startDraft);
  const [secrets, setSecrets] = useState<Record<string, SecretEntry>>(() =>
    pastedHandle ? Object.fromEntries(Object.keys(masks).map((header) => [header, { kind: "pasted", handle: pastedHandle }])) : {},
  );
  const [view, setView] = useState<"form" | "json">("form");
  const [jsonText, setJsonText] = useState("");
  const [jsonIssues, setJsonIssues] = useState<ValidationIssue[]>([]);
  const [attempted, setAttempted] = useState(false);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState<{ message: string; conflict: boolean } | null>(null);
  // Rules only the server can judge (a credential's hosts, a name taken) come back at their paths.
  const [serverIssues, setServerIssues] = useState<readonly ValidationIssue[]>([]);
  const [renameAsk, setRenameAsk] = useState<{ personas: { slug: string; name: string }[]; update: boolean } | null>(null);
  const [pending, startTransition] = useTransition();

  const { document: toolDocument, issues: draftIssues } = useMemo(() => documentFromDraft(draft), [draft]);
  const checked = useMemo(() => check(toolDocument, draftIssues), [toolDocument, draftIssues]);
  // JSON the form cannot take yet (invalid) is an unsaved change too: Save must say why it refuses.
  const jsonEdited = view === "json" && jsonText !== JSON.stringify(toolDocument, null, 2);
  const dirty = jsonEdited || JSON.stringify(toolDocument) !== baseline || Object.values(secrets).some((entry) => entry.kind !== "keep");
  const showIssues = attempted || dirty;
  const issues = showIssues ? [...checked.issues, ...serverIssues] : [];
  const originChanged = initial !== null && stored !== null && originOf(draft.url) !== originOf(initial.request.url);

  useEffect(() => {
    if (!dirty || readOnly) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, readOnly]);

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
  }, [initial, stored]);

  const update = (patch: Partial<ToolDraft>) => {
    setServerIssues([]);
    setDraft((current) => ({ ...current, ...patch }));
  };

  const switchView = (next: string) => {
    if (next === "json") {
      setJsonText(JSON.stringify(toolDocument, null, 2));
      setJsonIssues(checked.issues);
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
    const result = check(parsed, []);
    setJsonIssues(result.issues);
    // Only a definition the rules allow reaches the form; flat sugar arrives lifted.
    if (result.definition) setDraft((current) => ({ ...draftFromPersisted(toPersistedForm(result.definition!)), headers: keepSecretRows(current, result.definition!) }));
  };

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
      setSecrets({});
      toast.success(result.message ?? "Saved.");
      void offerTestCaseRun(result.data.name, (href) => router.push(href));
      for (const dropped of result.data.droppedSecrets) {
        toast.warning(
          dropped.reason === "origin_changed"
            ? `${dropped.header}: the tool now points at another server, so its stored secret was not kept. Enter it again.`
            : `${dropped.header} is no longer a secret header; its stored value was removed.`,
        );
      }
      router.push(`/tools/${result.data.name}`);
      router.refresh();
    });

  const save = async () => {
    setAttempted(true);
    if (view === "json" ? jsonIssues.length > 0 : checked.issues.length > 0) {
      document.querySelector<HTMLElement>("#editor-problems")?.focus();
      return;
    }
    if (stored && draft.name.trim() !== stored.name) {
      const referencing = await personasNamingToolAction(stored.name);
      if (referencing.ok && referencing.data.length > 0) {
        setRenameAsk({ personas: referencing.data, update: true });
        return;
      }
    }
    submit(false);
  };

  const reapply = () => {
    if (!stored || !initial) return;
    window.sessionStorage.setItem(STASH + stored.name, JSON.stringify({ base: initial, mine: toolDocument }));
    window.location.reload();
  };

  const problems = view === "json" ? jsonIssues : issues;
  return (
    <div className="grid gap-6">
      {attempted && problems.length > 0 && (
        <div id="editor-problems" tabIndex={-1} role="alert" className="rounded-lg border border-danger/40 bg-danger-subtle p-4 text-sm text-danger-foreground outline-none">
          <p className="font-medium">
            {problems.length === 1 ? "1 problem stops" : `${problems.length} problems stop`} this tool from being saved:
          </p>
          <ul className="mt-2 grid list-disc gap-1 pl-5">
            {problems.map((issue, index) => (
              <li key={index}>
                <a href={`#${controlId(issue.path)}`} className="underline underline-offset-2">
                  <code className="font-mono">{issue.path || "document"}</code>
                </a>{" "}
                {issue.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {failure && (
        <div role="alert" className="grid gap-3 rounded-lg border border-warning/50 bg-warning-subtle p-4 text-sm text-warning-foreground">
          <p className="flex items-start gap-2">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{failure.message}</span>
          </p>
          {failure.conflict && (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={reapply}>
                Load the latest version and reapply my edits
              </Button>
            </div>
          )}
        </div>
      )}
      <Tabs
        label="Editor view"
        value={view}
        onValueChange={switchView}
        panels={[
          {
            value: "form",
            label: "Form",
            content: (
              <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
                <div className="grid min-w-0 gap-6">
                  <Card title="Basics" description="How the model finds and understands the tool.">
                    <div className="grid gap-4 sm:grid-cols-2">
                      <Field id={controlId("name")} label="Name" error={issuesAt(issues, "name")} hint="Lower-case letters, digits and _; what the model calls.">
                        <Input id={controlId("name")} value={draft.name} readOnly={readOnly} hasHint error={issuesAt(issues, "name")} className="font-mono" spellCheck={false} onChange={(event) => update({ name: event.target.value })} />
                      </Field>
                      <Field id={controlId("group")} label="Group" error={issuesAt(issues, "group")}>
                        <Input id={controlId("group")} value={draft.group} readOnly={readOnly} onChange={(event) => update({ group: event.target.value })} />
                      </Field>
                      <Field id={controlId("description")} label="Description" error={issuesAt(issues, "description")} hint="What it does and when to use it: the model reads this." className="sm:col-span-2">
                        <Textarea id={controlId("description")} value={draft.description} readOnly={readOnly} hasHint error={issuesAt(issues, "description")} onChange={(event) => update({ description: event.target.value })} />
                      </Field>
                      <Field id={controlId("tags")} label="Tags" error={issuesAt(issues, "tags")} hint="Comma-separated." className="sm:col-span-2">
                        <Input id={controlId("tags")} value={draft.tags} readOnly={readOnly} hasHint onChange={(event) => update({ tags: event.target.value })} />
                      </Field>
                    </div>
                  </Card>
                  <Card title="Parameters" description="What the model fills in. Nested objects and arrays of objects are allowed; the form only produces what every provider accepts.">
                    <ParametersEditor fields={draft.parameters} onChange={(parameters) => update({ parameters })} issues={issues} readOnly={readOnly} />
                  </Card>
                  <Card title="Request" description="The HTTP call Quiver makes.">
                    <RequestEditor
                      draft={draft}
                      update={update}
                      issues={issues}
                      readOnly={readOnly}
                      credential={
                        <CredentialPicker value={draft.credential} onChange={(credential) => update({ credential })} choices={credentials} url={draft.url} error={issuesAt(issues, "auth.credential")} readOnly={readOnly} />
                      }
                      secrets={{
                        masks,
                        entries: secrets,
                        onChange: (header, entry) => setSecrets((current) => ({ ...current, [header]: entry })),
                        notice: originChanged ? `The destination changed from ${originOf(initial!.request.url)} to ${originOf(draft.url) ?? "another address"}: stored secrets are never sent to a new server, so enter this value again.` : undefined,
                      }}
                    />
                  </Card>
                  <Card title="Response and behaviour" description="What the model receives, and when the tool ends the turn.">
                    <BehaviourEditor draft={draft} update={update} issues={issues} readOnly={readOnly} />
                  </Card>
                </div>
                <aside aria-label="Live preview" className="min-w-0 xl:sticky xl:top-6 xl:self-start">
                  <Card title="Live preview" description="Updates as you type, from the last valid state.">
                    <LivePreview definition={checked.definition} />
                  </Card>
                </aside>
              </div>
            ),
          },
          {
            value: "json",
            label: "JSON",
            content: (
              <div className="grid gap-2">
                <JsonEditor label="Tool definition (JSON)" value={jsonText} onChange={editJson} issues={jsonIssues} readOnly={readOnly} minHeight="24rem" />
                <p className="text-xs text-muted-foreground">
                  The whole definition in its persisted form. Secret header values are never shown here; set them in the form. Pasting the flat parameter list lifts it to JSON Schema.
                </p>
                <IssueList label="JSON problems" issues={jsonIssues} />
              </div>
            ),
          },
        ]}
      />
      {!readOnly && (
        <div className="sticky bottom-0 z-30 -mx-4 border-t bg-surface/95 backdrop-blur md:-mx-8">
          <div className="flex flex-wrap items-center gap-2 px-4 py-3 md:px-8">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {dirty ? "Unsaved changes" : "No changes yet"}
            </p>
            <label htmlFor={controlId("note")} className="sr-only">
              Note for this revision
            </label>
            <Input id={controlId("note")} value={note} aria-invalid={issuesAt(issues, "note") ? true : undefined} onChange={(event) => setNote(event.target.value)} placeholder="Note for this revision (optional)" className="min-w-0 flex-1 basis-48" />
            <Button variant="ghost" disabled={!dirty || pending} onClick={() => (stored ? router.refresh() : router.push("/tools"))}>
              {stored ? "Discard" : "Cancel"}
            </Button>
            <Button disabled={pending || (!dirty && stored !== null)} onClick={save}>
              <Save aria-hidden /> {pending ? "Saving…" : stored ? "Save" : "Create tool"}
            </Button>
          </div>
        </div>
      )}
      <Dialog
        open={renameAsk !== null}
        onOpenChange={(open) => !open && setRenameAsk(null)}
        title={`Rename ${stored?.name} to ${draft.name.trim()}?`}
        description="These personas name the tool in their grant or switches. Update them so they keep meaning this tool."
        footer={
          <>
            <Button variant="secondary" onClick={() => setRenameAsk(null)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                const update = renameAsk?.update ?? false;
                setRenameAsk(null);
                submit(update);
              }}
            >
              Rename
            </Button>
          </>
        }
      >
        <ul className="grid list-disc gap-1 pl-5 text-sm">
          {renameAsk?.personas.map((persona) => (
            <li key={persona.slug}>
              {persona.name} <code className="text-xs text-muted-foreground">{persona.slug}</code>
            </li>
          ))}
        </ul>
        <label className="inline-flex items-center gap-2 text-sm">
          <Checkbox checked={renameAsk?.update ?? false} onCheckedChange={(checked) => setRenameAsk((current) => current && { ...current, update: checked === true })} />
          Update these personas to the new name
        </label>
      </Dialog>
    </div>
  );
}

/** After a JSON edit, header rows keep being secret where the JSON says so (values stay server-side). */
function keepSecretRows(current: ToolDraft, definition: ToolDefinition): ToolDraft["headers"] {
  return draftFromPersisted(toPersistedForm(definition)).headers.map((row) => ({ ...row, key: current.headers.find((old) => old.name === row.name)?.key ?? row.key }));
}
