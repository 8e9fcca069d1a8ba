"use client";

import { useMemo, useState } from "react";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { ValidationError } from "@/lib/errors";
import type { InspectedOperation, SecretHeader } from "@/lib/imports/openapi-import";
import { compatibilityLines, definitionShape, parseToolDefinition, type CompatibilityLine, type PersistedToolDefinition } from "@/lib/tools/client";
import { PROVIDER_NAMES, VariantLine } from "@/components/providers/variant-line";

interface OperationPickerProps {
  readonly operations: readonly InspectedOperation[];
  readonly selected: ReadonlySet<string>;
  readonly onSelect: (keys: readonly string[], selected: boolean) => void;
  readonly names: Readonly<Record<string, string>>;
  readonly onRename: (key: string, name: string) => void;
}

/** The tool an operation becomes, under the name the operator gave it. */
export function renamedTool(operation: InspectedOperation & { importable: true }, names: Readonly<Record<string, string>>): PersistedToolDefinition {
  return { ...operation.tool, name: names[operation.key] ?? operation.tool.name };
}

/** Reasons listed above the operations; the rest are counted. */
const REASONS_SHOWN = 6;
const ALL_TAGS = "";

/**
 * Every operation of the document grouped by tag, with search, a tag filter and select-all (of
 * what they show); why operations cannot be imported is summed up first. An importable one has a
 * checkbox, a name to edit, its secrets to fill, its provider compatibility and remarks; one that
 * is not importable says why.
 */
export function OperationPicker({ operations, selected, onSelect, names, onRename }: OperationPickerProps) {
  const [search, setSearch] = useState("");
  const [tag, setTag] = useState(ALL_TAGS);
  const tags = useMemo(() => [...new Set(operations.map((operation) => operation.tag ?? "Untagged"))].sort((a, b) => a.localeCompare(b)), [operations]);
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return operations.filter(
      (operation) =>
        (tag === ALL_TAGS || (operation.tag ?? "Untagged") === tag) &&
        (needle === "" || `${operation.key} ${operation.summary ?? ""} ${operation.tag ?? ""}`.toLowerCase().includes(needle)),
    );
  }, [operations, search, tag]);
  const groups = useMemo(() => {
    const byTag = new Map<string, InspectedOperation[]>();
    for (const operation of visible) byTag.set(operation.tag ?? "Untagged", [...(byTag.get(operation.tag ?? "Untagged") ?? []), operation]);
    return [...byTag];
  }, [visible]);
  const importableKeys = visible.filter((operation) => operation.importable).map((operation) => operation.key);
  const allSelected = importableKeys.length > 0 && importableKeys.every((key) => selected.has(key));
  const importableCount = operations.filter((operation) => operation.importable).length;

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor="operation-search" className="sr-only">
          Search operations
        </label>
        <Input id="operation-search" type="search" placeholder="Search operations" value={search} onChange={(event) => setSearch(event.target.value)} className="min-w-0 flex-1 basis-56" />
        {tags.length > 1 && (
          <div className="w-full sm:w-56">
            <label htmlFor="operation-tag" className="sr-only">
              Tag
            </label>
            <Select id="operation-tag" value={tag} onChange={(event) => setTag(event.target.value)}>
              <option value={ALL_TAGS}>All {tags.length} tags</option>
              {tags.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          </div>
        )}
        <label className="inline-flex items-center gap-2 text-sm">
          <Checkbox checked={allSelected} disabled={importableKeys.length === 0} onCheckedChange={(checked) => onSelect(importableKeys, checked === true)} />
          Select all importable{visible.length !== operations.length ? " shown" : ""}
        </label>
      </div>
      <RefusalSummary operations={operations} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {operations.length} {operations.length === 1 ? "operation" : "operations"}: {importableCount} importable, {operations.length - importableCount} not importable. {selected.size} selected.
        {visible.length !== operations.length && ` Showing ${visible.length}.`}
      </p>
      {groups.length === 0 && <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">No operation matches the search.</p>}
      {groups.map(([tag, members]) => (
        <section key={tag} aria-label={`Tag ${tag}`} className="grid min-w-0 gap-2">
          <h3 className="text-sm font-medium">
            {tag} <span className="text-muted-foreground">({members.length})</span>
          </h3>
          <ul className="divide-y rounded-md border">
            {members.map((operation) => (
              <OperationRow key={operation.key} operation={operation} checked={selected.has(operation.key)} onSelect={onSelect} names={names} onRename={onRename} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Why operations cannot be imported, said once before the list: each reason with how many it stops. */
function RefusalSummary({ operations }: { operations: readonly InspectedOperation[] }) {
  const reasons = useMemo(() => {
    const counts = new Map<string, number>();
    for (const operation of operations) if (!operation.importable) counts.set(operation.reason, (counts.get(operation.reason) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]);
  }, [operations]);
  if (reasons.length === 0) return null;
  const refused = reasons.reduce((sum, [, count]) => sum + count, 0);
  return (
    <section aria-labelledby="refusal-summary" className="grid min-w-0 gap-1 rounded-md border bg-surface p-3 text-sm">
      <h3 id="refusal-summary" className="font-medium">
        Why {refused} {refused === 1 ? "operation cannot" : "operations cannot"} be imported
      </h3>
      <ul className="grid gap-1 text-muted-foreground">
        {reasons.slice(0, REASONS_SHOWN).map(([reason, count]) => (
          <li key={reason} className="break-words">
            <span className="font-medium text-foreground tabular-nums">{count}×</span> {capitalise(reason)}.
          </li>
        ))}
      </ul>
      {reasons.length > REASONS_SHOWN && <p className="text-muted-foreground">And {reasons.length - REASONS_SHOWN} other reasons, each said on its operation below.</p>}
    </section>
  );
}

interface OperationRowProps {
  readonly operation: InspectedOperation;
  readonly checked: boolean;
  readonly onSelect: (keys: readonly string[], selected: boolean) => void;
  readonly names: Readonly<Record<string, string>>;
  readonly onRename: (key: string, name: string) => void;
}

function OperationRow({ operation, checked, onSelect, names, onRename }: OperationRowProps) {
  const id = `operation-${operation.key.replace(/\W+/g, "-")}`;
  return (
    <li aria-label={operation.key} className="grid min-w-0 gap-2 p-3 text-sm">
      <div className="flex min-w-0 items-start gap-2">
        {operation.importable ? (
          <Checkbox id={id} className="mt-0.5" checked={checked} onCheckedChange={(value) => onSelect([operation.key], value === true)} />
        ) : (
          <span aria-hidden className="mt-0.5 size-4 shrink-0" />
        )}
        <label htmlFor={operation.importable ? id : undefined} className="flex min-w-0 flex-wrap items-center gap-2">
          <Badge>{operation.method}</Badge>
          <code className="min-w-0 font-mono text-xs break-all">{operation.path}</code>
          {operation.importable && operation.shape && <Badge tone="info">body: {operation.shape}</Badge>}
          {operation.summary && <span className="min-w-0 text-muted-foreground">{operation.summary}</span>}
        </label>
      </div>
      {operation.importable ? (
        checked && <ImportableDetails operation={operation} names={names} onRename={onRename} />
      ) : (
        <p className="pl-6 text-danger-foreground">
          <StatusBadge status="danger">not importable</StatusBadge> {capitalise(operation.reason)}.
        </p>
      )}
    </li>
  );
}

function ImportableDetails({ operation, names, onRename }: { operation: InspectedOperation & { importable: true }; names: Readonly<Record<string, string>>; onRename: (key: string, name: string) => void }) {
  const name = names[operation.key];
  const tool = useMemo(() => renamedTool(operation, name === undefined ? {} : { [operation.key]: name }), [operation, name]);
  const verdict = useMemo(() => judge(tool), [tool]);
  const nameId = `name-${operation.key.replace(/\W+/g, "-")}`;
  return (
    <div className="grid min-w-0 gap-2 pl-6">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={nameId} className="text-muted-foreground">
          Tool name
        </label>
        <Input id={nameId} value={tool.name} spellCheck={false} className="w-full max-w-xs font-mono" error={verdict.error} onChange={(event) => onRename(operation.key, event.target.value)} />
        {verdict.error ? <span className="text-danger-foreground">{verdict.error}</span> : <StatusBadge status="success">valid</StatusBadge>}
      </div>
      <SecretsToFill what="Secret headers" secrets={operation.secrets} shown={(name) => name} />
      <SecretsToFill what="Secret query keys" secrets={operation.secretQuery ?? []} shown={(name) => `?${name}=`} />
      {operation.credential && (
        <p>
          Shared credential: <Badge tone="warning">{operation.credential.name}</Badge> {operation.credential.note}
        </p>
      )}
      {verdict.lines.some((line) => line.findings.length > 0) ? (
        <details>
          <summary className="cursor-pointer text-muted-foreground">Provider compatibility: {compatibilitySummary(verdict.lines)}</summary>
          <div className="mt-1 divide-y rounded-md border">
            {verdict.lines.map((line) => (
              <VariantLine key={line.provider} label={PROVIDER_NAMES[line.provider]} verdict={line.verdict} reason={line.reason} findings={line.findings} />
            ))}
          </div>
        </details>
      ) : (
        !verdict.error && <p className="text-muted-foreground">Every provider accepts this tool as written.</p>
      )}
      {operation.responseFields.length > 0 && (
        <p className="text-muted-foreground">
          Response fields to extract later (json_path): <code className="font-mono text-xs break-all">{operation.responseFields.join(", ")}</code>
        </p>
      )}
      {operation.warnings.length > 0 && (
        <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
          {operation.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The secrets of one kind an imported tool still needs, each as `shown` writes its name, with what it holds; nothing when none. */
function SecretsToFill({ what, secrets, shown }: { what: string; secrets: readonly SecretHeader[]; shown: (name: string) => string }) {
  if (secrets.length === 0) return null;
  return (
    <p>
      {what} to fill after the import:{" "}
      {secrets.map((secret) => (
        <span key={secret.name} className="mr-2">
          <Badge tone="warning">{shown(secret.name)}</Badge> {secret.note}
        </span>
      ))}
    </p>
  );
}

/** The one validator's verdict on the renamed tool, and each provider's line on it. */
function judge(tool: PersistedToolDefinition): { error?: string; lines: CompatibilityLine[] } {
  try {
    return { lines: compatibilityLines(definitionShape(parseToolDefinition(tool))) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { error: error.issues.map((issue) => `${issue.path}: ${issue.message}`).join(" "), lines: [] };
  }
}

/** The providers' lines in a few words: who refuses the tool, else that every provider takes it. */
function compatibilitySummary(lines: readonly CompatibilityLine[]): string {
  const refusing = lines.filter((line) => line.verdict === "refused").map((line) => PROVIDER_NAMES[line.provider]);
  return refusing.length > 0 ? `refused by ${refusing.join(", ")}` : "every provider accepts it, with changes";
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
