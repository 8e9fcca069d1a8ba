"use client";

import Link from "next/link";
import { Card } from "@/components/ui/card";
import { Field, Input, Textarea } from "@/components/ui/field";
import type { ValidationIssue } from "@/lib/errors";
import type { ToolDefinition } from "@/lib/tools/client";
import { BehaviourEditor } from "./behaviour-editor";
import type { CredentialChoice } from "./credential-choices";
import { CredentialPicker } from "./credential-picker";
import { controlId, issuesAt } from "./field-issues";
import { LivePreview } from "./live-preview";
import { ToolTokenCost } from "./tool-token-cost";
import { ParametersEditor } from "./parameters-editor";
import { RequestEditor } from "./request-editor";
import type { SecretEntry } from "./secret-field";
import type { ToolDraft } from "./tool-draft";

interface FormTabProps {
  readonly draft: ToolDraft;
  readonly update: (patch: Partial<ToolDraft>) => void;
  /** The problems to show at their fields (none until there is something to judge). */
  readonly issues: readonly ValidationIssue[];
  readonly readOnly: boolean;
  /** The shared credentials the picker offers (those admitting the URL's host are listed). */
  readonly credentials: readonly CredentialChoice[];
  /** Masks of stored secret values by slot identity (a lower-cased header, or `?key`). */
  readonly masks: Readonly<Record<string, string>>;
  readonly secrets: Readonly<Record<string, SecretEntry>>;
  readonly onSecretChange: (header: string, entry: SecretEntry) => void;
  /** The URL of the stored tool being edited (null for a new or cloned one): its stored secrets were entered for its origin. */
  readonly storedUrl: string | null;
  /** Set while the name typed belongs to another tool: the name's error links that tool. */
  readonly takenName: string | null;
  /** The last definition the rules allowed, for the live preview. */
  readonly definition: ToolDefinition | null;
}

/**
 * The tool editor's form tab: one card per part of the definition, then the live preview. The
 * preview sits beside the cards only from 1536 px (2xl): below that, a column beside them left the
 * form ~550 px and wrapped its rows, so it follows them at full width, where its JSON reads best.
 * Read-only (a viewer), every control of the definition is disabled — not merely unsaveable.
 */
export function FormTab({ draft, update, issues, readOnly, credentials, masks, secrets, onSecretChange, storedUrl, takenName, definition }: FormTabProps) {
  return (
    <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_28rem]">
      <fieldset disabled={readOnly} aria-label={readOnly ? "Tool definition (read-only)" : undefined} className="grid min-w-0 gap-6">
        <Card title="Basics" description="How the model finds and understands the tool.">
          {/* Tops aligned: Name has a hint and Group none, and stretched cells would push Group down. */}
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field
              id={controlId("name")}
              label="Name"
              error={issuesAt(issues, "name")}
              errorAction={takenName && issuesAt(issues, "name") ? <Link href={`/tools/${encodeURIComponent(takenName)}`} className="underline underline-offset-2">Open {takenName}</Link> : undefined}
              hint="Lower-case letters, digits and _; what the model calls.">
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
            secrets={{ masks, entries: secrets, onChange: onSecretChange, notice: destinationNotice(storedUrl, draft.url) }}
          />
        </Card>
        <Card title="Response and behaviour" description="What the model receives, and when the tool ends the turn.">
          <BehaviourEditor draft={draft} update={update} issues={issues} readOnly={readOnly} />
        </Card>
      </fieldset>
      <aside aria-label="Live preview" className="min-w-0 2xl:sticky 2xl:top-6 2xl:self-start">
        <Card title="Live preview" description="Updates as you type, from the last valid state.">
          <ToolTokenCost definition={definition} />
          <LivePreview definition={definition} />
        </Card>
      </aside>
    </div>
  );
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** Why stored secrets will not be kept, when the URL now points at another origin than the stored tool's. */
function destinationNotice(storedUrl: string | null, url: string): string | undefined {
  if (storedUrl === null || originOf(url) === originOf(storedUrl)) return undefined;
  return `The destination changed from ${originOf(storedUrl)} to ${originOf(url) ?? "another address"}: stored secrets are never sent to a new server, so enter this value again.`;
}
