"use client";

import Link from "next/link";
import { useState, useTransition, type ChangeEvent } from "react";
import { importToolsAction, previewImportAction } from "@/lib/imports/actions";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { JsonEditor } from "@/components/ui/json-editor";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/actions/action-result";
import type { ValidationIssue } from "@/lib/errors";
import type { ImportPreview, ImportReport, ImportPreviewTool } from "@/lib/imports/tool-import";

export type Choice = "skip" | "overwrite";

const SECRET_REASONS: Readonly<Record<ImportReport["secretsToEnter"][number]["reason"], string>> = {
  not_imported: "the document carried a value, which Quiver never imports",
  origin_changed: "the tool now points at another origin, so the stored value was dropped",
  no_value: "no value has been entered yet",
};

/**
 * Import in two steps: Check shows what would happen to each tool (new, existing — skip or
 * overwrite —, or invalid with its problems), then Import writes all of it or nothing.
 */
export function ImportToolsForm() {
  const [text, setText] = useState("");
  const [preview, setPreview] = useState<ActionResult<ImportPreview> | null>(null);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [createMissing, setCreateMissing] = useState(false);
  const [outcome, setOutcome] = useState<ActionResult<ImportReport> | null>(null);
  const [pending, startTransition] = useTransition();

  const edit = (next: string) => {
    setText(next);
    setPreview(null);
    setOutcome(null);
  };
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) edit(await file.text());
  };
  const check = () =>
    startTransition(async () => {
      const result = await previewImportAction(text);
      setPreview(result);
      setChoices({});
      setCreateMissing(false);
    });
  const runImport = () =>
    startTransition(async () => {
      const result = await importToolsAction(text, choices, { createMissingCredentials: createMissing });
      setOutcome(result);
      if (result.ok) {
        setPreview(null);
        if (result.message) toast.success(result.message);
      }
    });

  const checked = preview?.ok ? preview.data : null;
  const problems = checked ? [...checked.issues, ...checked.tools.flatMap((tool) => (tool.status === "invalid" ? tool.issues : []))] : [];
  const editorIssues = preview && !preview.ok ? preview.errors : problems;

  return (
    <div className="grid gap-6">
      <Card title="Document" description="A Quiver export, a list of tool definitions or one definition. Secret values in it are never imported.">
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor="import-file" className="text-sm">
              Read a .json file
            </label>
            <input id="import-file" type="file" accept=".json,application/json" onChange={readFile} className="text-sm file:mr-2 file:rounded-md file:border file:border-input file:bg-surface file:px-3 file:py-1" />
          </div>
          <JsonEditor id="import-document" label="Import document" value={text} onChange={edit} issues={editorIssues} minHeight="14rem" />
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={check} disabled={pending || text.trim() === ""}>
              Check
            </Button>
            {preview && !preview.ok && <FormStatus message={[preview.message, ...preview.errors.map((issue) => issue.message)].join(" ")} />}
          </div>
        </div>
      </Card>
      {checked && (
        <PreviewCard
          preview={checked}
          problems={problems.length}
          choices={choices}
          onChoose={(name, choice) => setChoices((current) => ({ ...current, [name]: choice }))}
          createMissing={{ checked: createMissing, onChange: setCreateMissing }}
          onImport={runImport}
          pending={pending}
          failure={outcome && !outcome.ok ? outcome.message : undefined}
        />
      )}
      {outcome?.ok && <ReportCard report={outcome.data} />}
    </div>
  );
}

export interface PreviewCardProps {
  readonly preview: ImportPreview;
  readonly problems: number;
  readonly choices: Readonly<Record<string, Choice>>;
  readonly onChoose: (name: string, choice: Choice) => void;
  /** The operator's choice to create missing credentials empty; without it, a missing credential blocks the import. */
  readonly createMissing?: {
    readonly checked: boolean;
    readonly onChange: (checked: boolean) => void;
    /** What the created credentials are, when the document says (default: a header credential on Authorization). */
    readonly what?: string;
    /** Basic auth credentials to create whose user name the operator types here (the document does not say it). */
    readonly userNames?: {
      readonly needed: readonly string[];
      readonly values: Readonly<Record<string, string>>;
      readonly onChange: (credential: string, userName: string) => void;
    };
  };
  readonly onImport: () => void;
  readonly pending: boolean;
  readonly failure?: string;
}

/** What the import would do per tool (new, existing with a skip/overwrite choice, invalid), and the Import button. */
export function PreviewCard({ preview, problems, choices, onChoose, createMissing, onImport, pending, failure }: PreviewCardProps) {
  const unchosen = preview.tools.filter((tool) => tool.status === "exists" && choices[tool.name] === undefined).length;
  const missing = preview.missingCredentials.length > 0 && !createMissing?.checked;
  const userNames = createMissing?.userNames;
  const unnamed = createMissing?.checked === true && (userNames?.needed ?? []).some((name) => preview.missingCredentials.some((credential) => credential.name === name) && !userNames?.values[name]?.trim());
  const blocked = problems > 0 || unchosen > 0 || missing || unnamed || preview.tools.length === 0;
  return (
    <Card title="What the import does" description="Nothing is written until you import; then every tool is written, or none.">
      <div className="grid gap-4">
        {preview.issues.length > 0 && <IssueList issues={preview.issues} className="text-danger-foreground" />}
        <ul aria-label="Tools in the document" className="divide-y">
          {preview.tools.map((tool) => (
            <PreviewRow key={tool.path || tool.name} tool={tool} choice={choices[tool.name]} onChoose={onChoose} />
          ))}
        </ul>
        {preview.missingCredentials.length > 0 && <MissingCredentials preview={preview} createMissing={createMissing} />}
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={onImport} disabled={blocked || pending}>
            Import
          </Button>
          <FormStatus
            message={
              failure ??
              (problems > 0
                ? "Nothing is imported while a tool has errors."
                : unchosen > 0
                  ? "Choose whether to skip or overwrite each existing tool."
                  : missing
                    ? "Nothing is imported while a credential the tools name is missing."
                    : unnamed
                      ? "Enter the user name of each Basic auth credential to create."
                      : undefined)
            }
          />
        </div>
      </div>
    </Card>
  );
}

/** The credentials the tools name that do not exist, and the choice to create them empty. */
function MissingCredentials({ preview, createMissing }: { preview: ImportPreview; createMissing: PreviewCardProps["createMissing"] }) {
  return (
    <section aria-labelledby="missing-credentials" className="grid gap-2 rounded-md border border-warning/40 bg-warning-subtle p-3 text-sm text-warning-foreground">
      <h3 id="missing-credentials" className="font-medium">
        Missing credentials
      </h3>
      <ul className="grid gap-1">
        {preview.missingCredentials.map((credential) => (
          <li key={credential.name} className="grid gap-1">
            <span>
              <code className="font-mono">{credential.name}</code>, named by {credential.tools.join(", ")}
            </span>
            {createMissing?.userNames?.needed.includes(credential.name) && <UserNameField credential={credential.name} userNames={createMissing.userNames} />}
          </li>
        ))}
      </ul>
      <p>
        {createMissing?.what ? "These do not exist yet." : "An export carries a credential's name only."} Create them on the{" "}
        <Link href="/credentials" className="underline underline-offset-2">
          Credentials page
        </Link>{" "}
        first{createMissing ? ", or let the import create them empty:" : "."}
      </p>
      {createMissing && (
        <label className="flex items-start gap-2">
          <Checkbox className="mt-0.5" checked={createMissing.checked} onCheckedChange={(checked) => createMissing.onChange(checked === true)} />
          <span>
            {createMissing.what
              ? `Create the missing credentials empty — ${createMissing.what}, for the tools' hosts, without a secret. Calls through them are refused until you enter the secret.`
              : "Create the missing credentials empty — a header credential on Authorization for the tools' hosts, without a secret. Calls through them are refused until you set their kind and secret."}
          </span>
        </label>
      )}
    </section>
  );
}

/** The user name of a Basic auth credential the import creates: the password is entered later, on the Credentials page. */
function UserNameField({ credential, userNames }: { credential: string; userNames: NonNullable<NonNullable<PreviewCardProps["createMissing"]>["userNames"]> }) {
  const id = `user-name-${credential}`;
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-2">
      <label htmlFor={id} className="shrink-0">
        Basic auth user name <span className="sr-only">of {credential}</span>
      </label>
      <Input id={id} className="h-8 w-full min-w-0 font-mono sm:w-56" autoComplete="off" value={userNames.values[credential] ?? ""} onChange={(event) => userNames.onChange(credential, event.target.value)} />
    </span>
  );
}

function PreviewRow({ tool, choice, onChoose }: { tool: ImportPreviewTool; choice?: Choice; onChoose: (name: string, choice: Choice) => void }) {
  const id = `choice-${tool.path || tool.name}`.replace(/\W+/g, "-");
  return (
    <li aria-label={tool.name} className="grid gap-2 py-3 text-sm sm:grid-cols-[14rem_1fr] sm:gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-medium">{tool.name}</span>
        {tool.status === "new" && <StatusBadge status="success">new</StatusBadge>}
        {tool.status === "exists" && <StatusBadge status="warning">exists · v{tool.version}</StatusBadge>}
        {tool.status === "invalid" && <StatusBadge status="danger">invalid</StatusBadge>}
      </div>
      {tool.status === "exists" && (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={id}>What to do with {tool.name}</label>
          <Select id={id} className="w-40" value={choice ?? ""} onChange={(event) => onChoose(tool.name, event.target.value as Choice)}>
            <option value="" disabled>
              Choose…
            </option>
            <option value="skip">Skip</option>
            <option value="overwrite">Overwrite (new version)</option>
          </Select>
        </div>
      )}
      {tool.status === "invalid" && (
        <IssueList issues={tool.issues} className="text-danger-foreground" />
      )}
      {tool.status === "new" && <span className="text-muted-foreground">will be created</span>}
    </li>
  );
}

/** What an import did: created, updated, unchanged and skipped tools, and the secrets to enter. */
export function ReportCard({ report }: { report: ImportReport }) {
  const lines: [string, readonly string[]][] = [
    ["Created", report.created],
    ["Updated", report.updated],
    ["Unchanged", report.unchanged],
    ["Skipped", report.skipped],
  ];
  return (
    <Card title="Import report">
      <div className="grid gap-4 text-sm">
        <dl className="grid gap-1">
          {lines
            .filter(([, names]) => names.length > 0)
            .map(([term, names]) => (
              <div key={term} className="flex flex-wrap gap-2">
                <dt className="w-24 text-muted-foreground">{term}</dt>
                <dd className="flex flex-wrap gap-1">
                  {names.map((name) => (
                    <Link key={name} href={`/tools/${name}`} className="font-mono text-accent-foreground hover:underline">
                      {name}
                    </Link>
                  ))}
                </dd>
              </div>
            ))}
        </dl>
        {report.createdCredentials.length > 0 && (
          <div className="grid gap-1">
            <h3 className="font-medium">Credentials created empty</h3>
            <p>
              {report.createdCredentials.map((name, index) => (
                <span key={name}>
                  {index > 0 && ", "}
                  <code className="font-mono">{name}</code>
                </span>
              ))}
              : set each one&apos;s kind, hosts and secret on the{" "}
              <Link href="/credentials" className="font-medium text-accent-foreground hover:underline">
                Credentials page
              </Link>
              ; until then calls through them are refused.
            </p>
          </div>
        )}
        {report.secretsToEnter.length > 0 && (
          <div className="grid gap-1">
            <h3 className="font-medium">Secrets to enter</h3>
            <ul className="grid gap-1">
              {report.secretsToEnter.map((secret) => (
                <li key={`${secret.tool}-${secret.header}`}>
                  <Badge tone="warning">{secret.header}</Badge> of{" "}
                  <Link href={`/tools/${secret.tool}/edit`} className="font-mono text-accent-foreground hover:underline">
                    {secret.tool}
                  </Link>
                  : {SECRET_REASONS[secret.reason]}.
                </li>
              ))}
            </ul>
          </div>
        )}
        {report.warnings.length > 0 && (
          <IssueList issues={report.warnings} className="text-muted-foreground" />
        )}
      </div>
    </Card>
  );
}

/** Problems or remarks, each at its path in the document. */
function IssueList({ issues, className }: { issues: readonly ValidationIssue[]; className: string }) {
  return (
    <ul className={`grid gap-1 text-sm ${className}`}>
      {issues.map((issue) => (
        <li key={`${issue.path}-${issue.message}`}>
          <code className="font-mono">{issue.path || "(document)"}</code> {issue.message}
        </li>
      ))}
    </ul>
  );
}
