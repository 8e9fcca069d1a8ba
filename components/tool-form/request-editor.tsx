"use client";

import { useRef, type ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/field";
import { issuesInside } from "@/components/ui/field-errors";
import { JsonEditor } from "@/components/ui/json-editor";
import { Select } from "@/components/ui/select";
import type { ValidationIssue } from "@/lib/errors";
import { secretSlot, slotIdentity, type SecretLocation } from "@/lib/secrets/slots";
import { HTTP_METHODS, QUERY_STYLES, soleReference, type QueryStyle } from "@/lib/tools/client";
import { controlId, issuesAt } from "./field-issues";
import { KeyValueRows } from "./key-value-rows";
import { insertAtCursor, PlaceholderMenu } from "./placeholder-menu";
import { SecretField, type SecretEntry } from "./secret-field";
import { rowKey, takesBody, type HeaderRow, type QueryRow, type ToolDraft } from "./tool-draft";

/** Each query style, and how it writes the list ["a", "b"] for the key `k` (SPEC §1.8). */
const QUERY_STYLE_LABELS: Readonly<Record<QueryStyle, string>> = {
  repeat: "Repeat: k=a&k=b",
  comma: "Comma: k=a,b",
  space: "Space: k=a%20b",
  pipe: "Pipe: k=a|b",
};

/** Stored masks and this edit's entries, by slot identity (`authorization`, `?api_key`: lib/secrets/slots.ts). */
export interface SecretState {
  readonly masks: Readonly<Record<string, string>>;
  readonly entries: Readonly<Record<string, SecretEntry>>;
  readonly onChange: (slot: string, entry: SecretEntry) => void;
  /** Why stored values will not be kept, if they will not (e.g. the destination changed). */
  readonly notice?: string;
}

interface RequestEditorProps {
  readonly draft: ToolDraft;
  readonly update: (patch: Partial<ToolDraft>) => void;
  readonly issues: readonly ValidationIssue[];
  readonly readOnly: boolean;
  readonly secrets: SecretState;
  /** The shared credential picker, shown beside the headers (secret ones included). */
  readonly credential?: ReactNode;
}

type SecretRow = HeaderRow | QueryRow;

/**
 * A header's or query entry's "Secret" switch (marking it clears the typed value: a secret is
 * entered in its own field) and, for a secret row, its masked field in place of the value input.
 */
function secretControls(location: SecretLocation, secrets: SecretState, issues: readonly ValidationIssue[], readOnly: boolean) {
  const noun = location === "query" ? "query parameter" : "header";
  const slotOf = (row: SecretRow) => slotIdentity(secretSlot(location, row.name));
  return {
    toggle: (row: SecretRow, replace: (row: SecretRow) => void) => (
      <label className="inline-flex min-h-11 shrink-0 items-center gap-2 text-sm sm:min-h-9">
        <Checkbox checked={row.secret} disabled={readOnly} onCheckedChange={(checked) => replace({ ...row, secret: checked === true, value: "" })} aria-label={`${row.name || noun} is secret`} />
        Secret
      </label>
    ),
    field: (row: SecretRow) => {
      if (!row.secret) return null;
      const slot = slotOf(row);
      const path = location === "query" ? `secrets.?${row.name}` : `secrets.${row.name}`;
      return (
        <SecretField
          id={controlId(`secret.${location}.${row.name}`)}
          header={row.name}
          mask={secrets.notice ? null : (secrets.masks[slot] ?? null)}
          entry={secrets.entries[slot] ?? { kind: "keep" }}
          onChange={(entry) => secrets.onChange(slot, entry)}
          notice={secrets.masks[slot] && secrets.notice ? secrets.notice : undefined}
          error={issuesAt(issues, path)}
          readOnly={readOnly}
        />
      );
    },
  };
}

/** Method, URL, headers and query (secret ones masked), and body, with placeholder menus. */
export function RequestEditor({ draft, update, issues, readOnly, secrets, credential }: RequestEditorProps) {
  const urlInput = useRef<HTMLInputElement>(null);
  const parameterNames = draft.parameters.map((field) => field.name);
  const listParameters = new Set(draft.parameters.filter((field) => field.type === "array").map((field) => field.name));
  const bodyless = !takesBody(draft.method);
  const urlError = issuesAt(issues, "request.url");
  const bodyIssues = issuesInside(issues, "request.body");
  const secretHeader = secretControls("header", secrets, issues, readOnly);
  const secretQuery = secretControls("query", secrets, issues, readOnly);

  return (
    <div className="grid gap-5">
      <div className="grid gap-1.5">
        <span id="endpoint-label" className="text-sm font-medium">
          Endpoint
        </span>
        <div className="flex flex-wrap gap-2" role="group" aria-labelledby="endpoint-label">
          <div className="w-28">
            <label htmlFor={controlId("request.method")} className="sr-only">
              Method
            </label>
            <Select id={controlId("request.method")} value={draft.method} disabled={readOnly} onChange={(event) => update({ method: event.target.value })} error={issuesAt(issues, "request.method")}>
              {HTTP_METHODS.map((method) => (
                <option key={method}>{method}</option>
              ))}
            </Select>
          </div>
          <div className="min-w-0 flex-1 basis-64">
            <label htmlFor={controlId("request.url")} className="sr-only">
              URL
            </label>
            <Input
              ref={urlInput}
              id={controlId("request.url")}
              value={draft.url}
              readOnly={readOnly}
              error={urlError}
              hasHint
              spellCheck={false}
              className="font-mono"
              onChange={(event) => update({ url: event.target.value })}
            />
          </div>
          {!readOnly && <PlaceholderMenu label="Insert a placeholder into the URL" parameters={parameterNames} onInsert={(placeholder) => update({ url: insertAtCursor(urlInput.current, draft.url, placeholder) })} />}
        </div>
        {urlError ? (
          <p id={`${controlId("request.url")}-error`} className="text-xs font-medium text-danger-foreground">
            {urlError}
          </p>
        ) : (
          <p id={`${controlId("request.url")}-hint`} className="text-xs text-muted-foreground">
            Placeholders may appear in the path and query only: scheme, host and port are fixed, so a model never chooses where a request goes.
          </p>
        )}
      </div>

      {credential}

      <KeyValueRows
        title="Headers"
        rows={draft.headers}
        readOnly={readOnly}
        addLabel="Add header"
        onChange={(headers) => update({ headers: headers as HeaderRow[] })}
        newRow={() => ({ key: rowKey("header"), name: "", value: "", secret: false })}
        issuesPath="request.headers"
        issues={issues}
        parameterNames={parameterNames}
        renderExtra={(row, replace) => secretHeader.toggle(row as HeaderRow, replace)}
        renderValue={(row) => secretHeader.field(row as HeaderRow)}
      />

      <KeyValueRows
        title="Query parameters"
        rows={draft.query}
        readOnly={readOnly}
        addLabel="Add query parameter"
        onChange={(query) => update({ query: query as QueryRow[] })}
        newRow={() => ({ key: rowKey("query"), name: "", value: "", style: "repeat", secret: false })}
        issuesPath="request.query"
        issues={issues}
        parameterNames={parameterNames}
        rowIssue={(row) => issuesAt(issues, `request.query_style.${row.name}`)}
        renderValue={(row) => secretQuery.field(row as QueryRow)}
        renderExtra={(row, replace, index) => {
          const query = row as QueryRow;
          const reference = soleReference(query.value);
          const toggle = secretQuery.toggle(query, replace);
          // A style means something only for a list argument; one set earlier stays visible so its error can be fixed.
          if (query.secret || (query.style === "repeat" && !(reference !== null && listParameters.has(reference)))) return toggle;
          const id = controlId(`request.query_style#${index}`);
          return (
            <>
              <div className="w-48 shrink-0">
                <label htmlFor={id} className="sr-only">
                  How {query.name || "this entry"} sends a list
                </label>
                <Select id={id} value={query.style} disabled={readOnly} onChange={(event) => replace({ ...query, style: event.target.value as QueryStyle })}>
                  {QUERY_STYLES.map((style) => (
                    <option key={style} value={style}>
                      {QUERY_STYLE_LABELS[style]}
                    </option>
                  ))}
                </Select>
              </div>
              {toggle}
            </>
          );
        }}
      />

      <div className="grid gap-1.5">
        {bodyless && draft.body.trim() === "" ? (
          <>
            <span className="text-sm font-medium">Body</span>
            <p className="rounded-md border border-dashed px-3 py-3 text-sm text-muted-foreground">{draft.method} requests take no body.</p>
          </>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm font-medium">Body</span>
              <div className="flex w-full items-center gap-2 sm:w-auto">
                <label htmlFor={controlId("request.body_format")} className="shrink-0 text-sm text-muted-foreground">
                  Sent as
                </label>
                <div className="min-w-0 flex-1 sm:w-52 sm:flex-none">
                  <Select id={controlId("request.body_format")} value={draft.bodyFormat} disabled={readOnly} error={issuesAt(issues, "request.body_format")} onChange={(event) => update({ bodyFormat: event.target.value as ToolDraft["bodyFormat"] })}>
                    <option value="json">JSON</option>
                    <option value="form">Form (urlencoded)</option>
                    <option value="xml">XML</option>
                  </Select>
                </div>
              </div>
            </div>
            <JsonEditor label="Request body template" value={draft.body} onChange={(body) => update({ body })} issues={bodyIssues} readOnly={readOnly} minHeight="6rem" id={controlId("request.body")} />
            <p className="text-xs text-muted-foreground">
              {draft.bodyFormat === "form" ? (
                <>
                  An object of form fields: each is sent as <code className="font-mono">name=value</code>, a list repeats its name, an object nests as <code className="font-mono">name[key]=value</code>. A field that is exactly one placeholder takes the argument&apos;s value.
                </>
              ) : draft.bodyFormat === "xml" ? (
                <>
                  One key, the root element: inside an element, other keys are child elements, <code className="font-mono">@name</code> an attribute, <code className="font-mono">#text</code> its text; a list repeats its element. Values are escaped; an element that is exactly one placeholder takes the argument&apos;s value.
                </>
              ) : (
                <>
                  A string that is exactly one placeholder, like <code className="font-mono">&quot;{"{{quantity}}"}&quot;</code>, becomes the typed value; other strings interpolate as text. Empty means no body.
                </>
              )}
            </p>
          </>
        )}
        {issuesAt(issues, "request.body") && <p className="text-xs font-medium text-danger-foreground">{issuesAt(issues, "request.body")}</p>}
      </div>
    </div>
  );
}
