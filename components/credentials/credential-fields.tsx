"use client";

import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Field, Input, Textarea } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { SecretField, type SecretEntry } from "@/components/tool-form/secret-field";
import { CREDENTIAL_KINDS, type CredentialKind } from "@/lib/credentials/types";
import { hostRow, KIND_LABELS, type CredentialDraft } from "./credential-draft";

interface CredentialFieldsProps {
  readonly draft: CredentialDraft;
  readonly update: (patch: Partial<CredentialDraft>) => void;
  /** Each field's error, keyed by credential-draft's `fieldPath`. */
  readonly errors: Readonly<Record<string, string>>;
  /** The stored secret's mask (editing), or null. */
  readonly mask: string | null;
  readonly secret: SecretEntry;
  readonly onSecretChange: (entry: SecretEntry) => void;
  /** Why the stored secret will not be kept (e.g. the kind changed). */
  readonly secretNotice?: string;
}

const fieldId = (path: string) => `credential-${path.replace(/\W+/g, "-")}`;

/** Every field of a credential, those of the chosen kind only; each shows its own error. */
export function CredentialFields({ draft, update, errors, mask, secret, onSecretChange, secretNotice }: CredentialFieldsProps) {
  const text = (path: string, label: string, key: keyof CredentialDraft, hint?: string, mono = false) => (
    <Field id={fieldId(path)} label={label} error={errors[path]} hint={hint}>
      <Input
        id={fieldId(path)}
        value={draft[key] as string}
        error={errors[path]}
        hasHint={hint !== undefined}
        autoComplete="off"
        spellCheck={false}
        className={mono ? "font-mono" : undefined}
        onChange={(event) => update({ [key]: event.target.value })}
      />
    </Field>
  );
  const kind = KIND_LABELS[draft.kind];

  return (
    <div className="grid gap-4">
      {text("name", "Name", "name", "Lower-case letters, digits and _: tools name it in auth.credential.", true)}
      <Field id={fieldId("description")} label="Description (optional)" error={errors.description}>
        <Textarea id={fieldId("description")} value={draft.description} error={errors.description} onChange={(event) => update({ description: event.target.value })} />
      </Field>
      <Field id={fieldId("kind")} label="Kind" error={errors.kind} hint={kind.hint}>
        <Select id={fieldId("kind")} value={draft.kind} error={errors.kind} aria-describedby={errors.kind ? undefined : `${fieldId("kind")}-hint`} onChange={(event) => update({ kind: event.target.value as CredentialKind })}>
          {CREDENTIAL_KINDS.map((value) => (
            <option key={value} value={value}>
              {KIND_LABELS[value].label}
            </option>
          ))}
        </Select>
      </Field>

      {draft.kind === "header" && text("header_name", "Header name", "headerName", "The header the value is sent in.", true)}
      {draft.kind === "query" && text("parameter_name", "Query parameter name", "parameterName", "The query parameter the value is sent in.", true)}
      {draft.kind === "basic" && text("username", "User name", "username")}
      {draft.kind === "oauth2_client_credentials" && (
        <>
          {text("token_url", "Token URL", "tokenUrl", "https (http only on a loopback host); reached through the destination guard.", true)}
          {text("client_id", "Client id", "clientId", undefined, true)}
          {text("scopes", "Scopes (optional)", "scopes", "Separated by spaces or commas.", true)}
          {text("audience", "Audience (optional)", "audience", "Sent as audience when set (Auth0 and others need it).", true)}
          <Field id={fieldId("client_auth")} label="Client authentication" error={errors.client_auth}>
            <Select id={fieldId("client_auth")} value={draft.clientAuth} error={errors.client_auth} onChange={(event) => update({ clientAuth: event.target.value as "basic" | "body" })}>
              <option value="basic">HTTP Basic (default)</option>
              <option value="body">Form fields (client_id and client_secret in the body)</option>
            </Select>
          </Field>
        </>
      )}

      <div className="grid gap-1.5">
        <span aria-hidden className="text-sm font-medium">
          {kind.secret}
        </span>
        <SecretField
          id={fieldId("secret")}
          header={kind.secret}
          label={kind.secret}
          mask={secretNotice ? null : mask}
          entry={secret}
          onChange={onSecretChange}
          notice={mask && secretNotice ? secretNotice : undefined}
          error={errors.secret}
          readOnly={false}
        />
      </div>

      <HostList draft={draft} update={update} errors={errors} />
    </div>
  );
}

/** The hosts the credential may be sent to: one input per host, added and removed by buttons. */
function HostList({ draft, update, errors }: Pick<CredentialFieldsProps, "draft" | "update" | "errors">) {
  const replace = (index: number, value: string) => update({ hosts: draft.hosts.map((row, position) => (position === index ? { ...row, value } : row)) });
  return (
    <fieldset className="grid gap-2" aria-describedby="credential-hosts-help">
      <legend className="mb-1 text-sm font-medium">Hosts</legend>
      <p id="credential-hosts-help" className="text-xs text-muted-foreground">
        The credential is only ever sent to these hosts: exact names (api.example.com) or one wildcard label (*.example.com, which does not admit example.com itself).
      </p>
      {draft.hosts.map((row, index) => {
        const path = `hosts.${index}`;
        return (
          <div key={row.key} className="grid gap-1">
            <div className="flex items-center gap-2">
              <label htmlFor={fieldId(path)} className="sr-only">
                Host {index + 1}
              </label>
              <Input id={fieldId(path)} value={row.value} error={errors[path]} placeholder="api.example.com" spellCheck={false} autoComplete="off" className="font-mono" onChange={(event) => replace(index, event.target.value)} />
              <Button variant="ghost" size="icon" disabled={draft.hosts.length === 1} onClick={() => update({ hosts: draft.hosts.filter((_, position) => position !== index) })}>
                <Trash2 aria-hidden />
                <span className="sr-only">Remove host {index + 1}</span>
              </Button>
            </div>
            {errors[path] && (
              <p id={`${fieldId(path)}-error`} className="text-xs font-medium text-danger-foreground">
                {errors[path]}
              </p>
            )}
          </div>
        );
      })}
      {errors.hosts && <p className="text-xs font-medium text-danger-foreground">{errors.hosts}</p>}
      <div>
        <Button variant="secondary" size="sm" onClick={() => update({ hosts: [...draft.hosts, hostRow()] })}>
          <Plus aria-hidden /> Add host
        </Button>
      </div>
    </fieldset>
  );
}
