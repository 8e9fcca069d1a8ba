"use client";

import { useState, useTransition, type ChangeEvent } from "react";
import { importToolsAction, inspectOpenApiAction, previewImportAction } from "@/lib/imports/actions";
import { PreviewCard, ReportCard, type Choice } from "@/components/tool-transfer/import-tools-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Textarea } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { RadioGroup } from "@/components/ui/radio-group";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/actions/action-result";
import type { ImportPreview, ImportReport, ProposedCredentialInput } from "@/lib/imports/tool-import";
import type { InspectedDocument, ProposedCredential } from "@/lib/imports/openapi-import";
import { OperationPicker, renamedTool } from "./operation-picker";

type Inspected = InspectedDocument & { documentUrl: string | null };
const CUSTOM_BASE = "custom";

/**
 * OpenAPI / Swagger import: read a document (pasted, uploaded or at a URL — parsed on the
 * server), pick operations, rename or untick them, then check and import the chosen tools through
 * the JSON import's preview and all-or-nothing import, with the same skip/overwrite choices.
 */
export function OpenApiImport() {
  const [mode, setMode] = useState<"text" | "url">("text");
  const [text, setText] = useState("");
  const [url, setUrl] = useState("");
  const [server, setServer] = useState("0");
  const [baseUrl, setBaseUrl] = useState("");
  const [inspected, setInspected] = useState<Inspected | null>(null);
  /** After a read the pasted document folds away, so the picker is in view; "Edit document" opens it again. */
  const [documentOpen, setDocumentOpen] = useState(true);
  const [readError, setReadError] = useState<string | undefined>();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [names, setNames] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<ActionResult<ImportPreview> | null>(null);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [outcome, setOutcome] = useState<ActionResult<ImportReport> | null>(null);
  const [createMissing, setCreateMissing] = useState(false);
  /** User names typed for Basic auth credentials the document proposes without one, by credential name. */
  const [userNames, setUserNames] = useState<Record<string, string>>({});
  /** A Postman collection's variable values the operator changed, by name. */
  const [variables, setVariables] = useState<Record<string, string>>({});
  const [pending, startTransition] = useTransition();

  const changed = () => {
    setPreview(null);
    setOutcome(null);
  };
  const read = (serverChoice = server, base = baseUrl, values = variables) =>
    startTransition(async () => {
      const result = await inspectOpenApiAction({
        source: mode === "text" ? { kind: "text", text } : { kind: "url", url },
        ...(serverChoice === CUSTOM_BASE ? { baseUrl: base } : { server: Number(serverChoice) }),
        variables: values,
      });
      changed();
      if (!result.ok) {
        setReadError(result.errors.map((issue) => issue.message).join(" ") || result.message);
        return;
      }
      setReadError(undefined);
      setInspected(result.data);
      setDocumentOpen(false);
      // A new read keeps the operator's picks and names where the operations are still importable.
      const importable = new Set(result.data.operations.filter((operation) => operation.importable).map((operation) => operation.key));
      setSelected((current) => new Set([...current].filter((key) => importable.has(key))));
    });
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) {
      setText(await file.text());
      setInspected(null);
      setVariables({});
      setDocumentOpen(true);
    }
  };
  const chosen = () => (inspected?.operations ?? []).flatMap((operation) => (operation.importable && selected.has(operation.key) ? [operation] : []));
  const chosenTools = () => chosen().map((operation) => renamedTool(operation, names));
  const proposals = () => [...new Map(chosen().flatMap(({ credential }) => (credential ? [[credential.name, credential] as const] : []))).values()];
  const unnamedBasic = () => proposals().flatMap((credential) => (credential.kind === "basic" && credential.username === "" ? [credential.name] : []));
  const proposedCredentials = () => proposals().map((credential) => withoutNote(credential, userNames));
  const check = () =>
    startTransition(async () => {
      setOutcome(null);
      setChoices({});
      setPreview(await previewImportAction(JSON.stringify(chosenTools())));
    });
  const runImport = () =>
    startTransition(async () => {
      const result = await importToolsAction(JSON.stringify(chosenTools()), choices, { createMissingCredentials: createMissing, proposedCredentials: proposedCredentials() });
      setOutcome(result);
      if (result.ok) {
        setPreview(null);
        if (result.message) toast.success(result.message);
      }
    });

  const checked = preview?.ok ? preview.data : null;
  const problems = checked ? [...checked.issues, ...checked.tools.flatMap((tool) => (tool.status === "invalid" ? tool.issues : []))].length : 0;
  return (
    <div className="grid min-w-0 gap-6">
      <Card
        title="OpenAPI, Swagger or Postman"
        description="OpenAPI 3.0, 3.1 or Swagger 2.0 in JSON or YAML, or a Postman collection (v2.0 or v2.1 JSON). A document at a URL is fetched by the server, through the same destination guard as tools."
      >
        <div className="grid min-w-0 gap-4">
          <RadioGroup
            label="Where the document comes from"
            name="openapi-source"
            value={mode}
            onValueChange={(value) => {
              setMode(value as "text" | "url");
              setInspected(null);
              setReadError(undefined);
            }}
            choices={[
              { value: "text", label: "Paste or upload" },
              { value: "url", label: "Fetch from a URL", description: "Relative server URLs in the document resolve against it." },
            ]}
          />
          {mode === "text" && inspected && !documentOpen ? (
            <div className="flex min-w-0 flex-wrap items-center justify-between gap-3 rounded-md border bg-surface px-3 py-2 text-sm">
              <span className="min-w-0">
                Read <span className="font-medium">{inspected.title}</span> <span className="text-muted-foreground">· {text.length.toLocaleString("en")} characters</span>
              </span>
              <Button variant="secondary" size="sm" onClick={() => setDocumentOpen(true)}>
                Edit document
              </Button>
            </div>
          ) : mode === "text" ? (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <label htmlFor="openapi-file" className="text-sm">
                  Read a .json or .yaml file
                </label>
                <input id="openapi-file" type="file" accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml" onChange={readFile} className="max-w-full text-sm file:mr-2 file:rounded-md file:border file:border-input file:bg-surface file:px-3 file:py-1" />
              </div>
              <Field id="openapi-text" label="Document" error={readError}>
                <Textarea id="openapi-text" value={text} error={readError} rows={10} spellCheck={false} className="font-mono text-xs" onChange={(event) => { setText(event.target.value); setInspected(null); setVariables({}); }} />
              </Field>
            </>
          ) : (
            <Field id="openapi-url" label="Document URL" error={readError}>
              <Input id="openapi-url" type="url" value={url} error={readError} placeholder="https://api.example.com/openapi.json" onChange={(event) => { setUrl(event.target.value); setInspected(null); setVariables({}); }} />
            </Field>
          )}
          {(mode === "url" || documentOpen || !inspected) && (
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="secondary" onClick={() => read()} disabled={pending || (mode === "text" ? text.trim() === "" : url.trim() === "")}>
                {pending && !inspected ? "Reading…" : "Read operations"}
              </Button>
              <FormStatus message={readError && "The document was not read."} />
            </div>
          )}
        </div>
      </Card>
      {inspected && (
        <Card title={`${inspected.title} · ${inspected.version}`} description="Pick the operations to import. Each becomes a data-defined tool; you can rename it here and edit it after the import.">
          <div className="grid min-w-0 gap-4">
            {inspected.warnings.length > 0 && (
              <ul aria-label="About the document" className="grid gap-1 rounded-md border border-warning/40 bg-warning-subtle p-3 text-sm text-warning-foreground">
                {inspected.warnings.map((warning) => (
                  <li key={warning} className="break-words">
                    {warning}
                  </li>
                ))}
              </ul>
            )}
            {inspected.kind === "postman" ? (
              <CollectionVariables
                variables={inspected.variables}
                pending={pending}
                onApply={(name, value) => {
                  const next = { ...variables, [name]: value };
                  setVariables(next);
                  read(server, baseUrl, next);
                }}
              />
            ) : (
              <ServerChoice inspected={inspected} server={server} baseUrl={baseUrl} pending={pending} onServer={(value) => { setServer(value); if (value !== CUSTOM_BASE) read(value); }} onBaseUrl={setBaseUrl} onApplyBase={() => read(CUSTOM_BASE, baseUrl)} />
            )}
            <OperationPicker
              operations={inspected.operations}
              selected={selected}
              onSelect={(keys, value) => {
                changed();
                setSelected((current) => {
                  const next = new Set(current);
                  for (const key of keys) (value ? next.add(key) : next.delete(key));
                  return next;
                });
              }}
              names={names}
              onRename={(key, name) => {
                changed();
                setNames((current) => ({ ...current, [key]: name }));
              }}
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="secondary" onClick={check} disabled={pending || selected.size === 0}>
                Check {selected.size} {selected.size === 1 ? "tool" : "tools"}
              </Button>
              {preview && !preview.ok && <FormStatus message={[preview.message, ...preview.errors.map((issue) => issue.message)].join(" ")} />}
            </div>
          </div>
        </Card>
      )}
      {checked && (
        <PreviewCard
          preview={checked}
          problems={problems}
          choices={choices}
          onChoose={(name, choice) => setChoices((current) => ({ ...current, [name]: choice }))}
          createMissing={{
            checked: createMissing,
            onChange: setCreateMissing,
            what: "credentials of the kind the document describes (a query key, or Basic auth with its user name)",
            userNames: { needed: unnamedBasic(), values: userNames, onChange: (credential, userName) => setUserNames((current) => ({ ...current, [credential]: userName })) },
          }}
          onImport={runImport}
          pending={pending}
          failure={outcome && !outcome.ok ? outcome.message : undefined}
        />
      )}
      {outcome?.ok && <ReportCard report={outcome.data} />}
    </div>
  );
}

/** What the import needs of a proposed credential to create it: all but the picker's note, with the user name typed for a Basic one the document leaves without. */
function withoutNote({ note: _note, ...credential }: ProposedCredential, userNames: Readonly<Record<string, string>>): ProposedCredentialInput {
  return credential.kind === "basic" && credential.username === "" ? { ...credential, username: (userNames[credential.name] ?? "").trim() } : credential;
}

interface CollectionVariablesProps {
  readonly variables: Inspected["variables"];
  readonly pending: boolean;
  readonly onApply: (name: string, value: string) => void;
}

/**
 * A Postman collection's variables with the values the tools use, to confirm or change: a changed
 * value is applied when the operator leaves the field (or presses Enter) and the requests are read again.
 */
function CollectionVariables({ variables, pending, onApply }: CollectionVariablesProps) {
  if (variables.length === 0) return null;
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="text-sm font-medium">Collection variables</legend>
      <p className="text-xs text-muted-foreground">{pending ? "Applying…" : "Each value is used where the requests name it; one left empty becomes a parameter the model fills. Applied when you leave the field or press Enter."}</p>
      <ul className="grid min-w-0 gap-2">
        {variables.map((variable, index) => (
          <li key={variable.name} className="grid min-w-0 gap-1 sm:grid-cols-[12rem_1fr] sm:items-center sm:gap-3">
            <label htmlFor={`variable-${index}`} className="truncate font-mono text-sm" title={variable.name}>
              {variable.name}
            </label>
            <Input
              id={`variable-${index}`}
              defaultValue={variable.value}
              placeholder="No value: a parameter"
              className="min-w-0 font-mono"
              aria-describedby={variable.description ? `variable-${index}-hint` : undefined}
              onBlur={(event) => event.target.value.trim() !== variable.value && onApply(variable.name, event.target.value.trim())}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  event.currentTarget.blur();
                }
              }}
            />
            {variable.description && (
              <p id={`variable-${index}-hint`} className="text-xs text-muted-foreground sm:col-start-2">
                {variable.description}
              </p>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

interface ServerChoiceProps {
  readonly inspected: Inspected;
  readonly server: string;
  readonly baseUrl: string;
  readonly pending: boolean;
  readonly onServer: (value: string) => void;
  readonly onBaseUrl: (value: string) => void;
  readonly onApplyBase: () => void;
}

/** Which base URL the tools call: one of the document's servers, or the operator's own. */
function ServerChoice({ inspected, server, baseUrl, pending, onServer, onBaseUrl, onApplyBase }: ServerChoiceProps) {
  /** The base the tools use now: leaving the field unchanged reads nothing again. */
  const applied = inspected.base ?? "";
  return (
    <div className="grid min-w-0 gap-2">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <label htmlFor="openapi-server" className="text-sm">
          Server
        </label>
        <Select id="openapi-server" className="w-full min-w-0 sm:w-auto sm:max-w-lg" value={server} onChange={(event) => onServer(event.target.value)} disabled={pending}>
          {inspected.servers.map((choice, index) => (
            <option key={`${index}-${choice.template}`} value={String(index)}>
              {choice.url ?? `${choice.template} (not usable: relative or not http)`}
              {choice.description ? ` — ${choice.description}` : ""}
            </option>
          ))}
          <option value={CUSTOM_BASE}>Another base URL…</option>
        </Select>
      </div>
      {server === CUSTOM_BASE && (
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <label htmlFor="openapi-base-url" className="text-sm">
            Base URL
          </label>
          <Input
            id="openapi-base-url"
            type="url"
            value={baseUrl}
            placeholder="https://api.example.com/v1"
            className="min-w-0 flex-1 basis-56"
            aria-describedby="openapi-base-url-hint"
            onChange={(event) => onBaseUrl(event.target.value)}
            onBlur={() => baseUrl.trim() !== "" && baseUrl.trim() !== applied && onApplyBase()}
            onKeyDown={(event) => {
              if (event.key === "Enter" && baseUrl.trim() !== "") {
                event.preventDefault();
                onApplyBase();
              }
            }}
          />
          <p id="openapi-base-url-hint" className="w-full text-xs text-muted-foreground">
            {pending ? "Applying…" : "Applied when you leave the field or press Enter."}
          </p>
        </div>
      )}
      {inspected.base === null && server !== CUSTOM_BASE && (
        <p className="text-sm text-warning-foreground">The document names no absolute server URL: choose another base URL, or fetch the document from its URL.</p>
      )}
    </div>
  );
}
