"use client";

import { Terminal, Wand2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { curlDraftAction, updateCurlDraftAction } from "@/lib/imports/actions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Textarea } from "@/components/ui/field";
import type { CurlDocument } from "@/lib/imports/curl/parse-curl";
import { literalsOf, makeParameter } from "@/lib/imports/curl/make-parameter";
import type { CurlDraftView } from "@/lib/imports/curl-drafts";

/**
 * "Start from curl" on the new-tool page: paste a command, read it on the server (its credentials
 * stay there: only masks come back), turn literals of the URL, query or body into parameters with
 * one click, then open the draft in the editor.
 */
export function CurlDialog() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [command, setCommand] = useState("");
  const [draft, setDraft] = useState<CurlDraftView | null>(null);
  const [document, setDocument] = useState<CurlDocument | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState("");
  const [pending, startTransition] = useTransition();

  const read = () =>
    startTransition(async () => {
      const result = await curlDraftAction(command);
      if (!result.ok) {
        setError(result.errors.map((issue) => issue.message).join(" ") || result.message);
        return;
      }
      setError(undefined);
      // The pasted credentials now live on the server: the command leaves the page too.
      setCommand("");
      setDraft(result.data);
      setDocument(result.data.document);
      setAnnouncement(`Read a ${result.data.document.request.method} request. ${literalsOf(result.data.document).length} values can become parameters.`);
    });
  const openInEditor = () =>
    startTransition(async () => {
      if (!draft || !document) return;
      const result = await updateCurlDraftAction(draft.handle, document);
      if (!result.ok) {
        setError(result.errors.map((issue) => issue.message).join(" ") || result.message);
        return;
      }
      setOpen(false);
      router.push(`/tools/new-tool?curl=${encodeURIComponent(draft.handle)}`);
    });
  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    setCommand("");
    setDraft(null);
    setDocument(null);
    setError(undefined);
  };

  return (
    <>
      <Button variant="secondary" onClick={() => reset(true)}>
        <Terminal aria-hidden /> Start from curl
      </Button>
      <Dialog
        open={open}
        onOpenChange={reset}
        title="Start from a curl command"
        description="Paste a command as copied from a browser's developer tools or API docs. Credentials in it stay on the server and become secret headers."
        className="sm:max-w-2xl"
        footer={
          <>
            <Button variant="secondary" onClick={() => reset(false)}>
              Cancel
            </Button>
            {document ? (
              <Button onClick={openInEditor} disabled={pending}>
                Open in editor
              </Button>
            ) : (
              <Button onClick={read} disabled={pending || command.trim() === ""}>
                {pending ? "Reading…" : "Read command"}
              </Button>
            )}
          </>
        }
      >
        <div className="grid min-w-0 gap-4">
          {draft ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              Command read; its credentials are kept on the server.
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setDraft(null);
                  setDocument(null);
                }}
              >
                Paste another command
              </Button>
            </p>
          ) : (
            <Field id="curl-command" label="curl command" error={error}>
              <Textarea
                id="curl-command"
                value={command}
                error={error}
                rows={8}
                spellCheck={false}
                className="font-mono text-xs"
                placeholder={"curl -X POST 'https://api.example.com/v1/orders' \\\n  -H 'Authorization: Bearer …' \\\n  --data-raw '{\"sku\": \"A-1\"}'"}
                onChange={(event) => {
                  setCommand(event.target.value);
                  setDraft(null);
                  setDocument(null);
                }}
              />
            </Field>
          )}
          <p className="sr-only" role="status" aria-live="polite">
            {announcement}
          </p>
          {draft && document && (
            <DraftSummary
              draft={draft}
              document={document}
              onChange={(next, message) => {
                setDocument(next);
                setAnnouncement(message);
              }}
            />
          )}
        </div>
      </Dialog>
    </>
  );
}

function DraftSummary({ draft, document, onChange }: { draft: CurlDraftView; document: CurlDocument; onChange: (document: CurlDocument, announcement: string) => void }) {
  const { request } = document;
  const literals = literalsOf(document);
  const summary = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const lastMade = useRef<number | null>(null);
  // The Read button is gone once the command is read, and a literal's row once it is a parameter:
  // focus goes to the summary, then to the next literal's button, never to the page.
  useEffect(() => summary.current?.focus(), []);
  useEffect(() => {
    if (lastMade.current === null) return;
    const buttons = list.current?.querySelectorAll("button") ?? [];
    (buttons[Math.min(lastMade.current, buttons.length - 1)] ?? summary.current)?.focus();
    lastMade.current = null;
  }, [document]);
  const parameters = Object.entries(document.parameters.properties);
  return (
    <div className="grid min-w-0 gap-4 text-sm">
      <section ref={summary} tabIndex={-1} aria-label="Request read from the command" className="outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 grid min-w-0 gap-2 rounded-md border bg-surface p-3">
        <p className="flex min-w-0 flex-wrap items-center gap-2">
          <Badge>{request.method}</Badge>
          <code className="min-w-0 font-mono text-xs break-all">{request.url}</code>
        </p>
        {Object.keys(request.headers).length > 0 && (
          <ul aria-label="Headers" className="grid gap-1">
            {Object.entries(request.headers).map(([name, value]) => {
              const mask = draft.masks[name.toLowerCase()];
              return (
                <li key={name} className="flex min-w-0 flex-wrap items-center gap-2">
                  <code className="font-mono text-xs">{name}</code>
                  {mask !== undefined ? (
                    <Badge tone="warning">secret {mask}</Badge>
                  ) : (
                    <code className="min-w-0 font-mono text-xs break-all text-muted-foreground">{value}</code>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {draft.warnings.length > 0 && (
        <ul aria-label="Remarks" className="grid list-disc gap-1 pl-5 text-muted-foreground">
          {draft.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      <section aria-labelledby="curl-literals" className="grid min-w-0 gap-2">
        <h3 id="curl-literals" className="font-medium">
          Make a value a parameter
        </h3>
        {literals.length === 0 ? (
          <p className="text-muted-foreground">No literal values left in the URL, query or body.</p>
        ) : (
          <ul ref={list} className="grid max-h-64 gap-1 overflow-y-auto">
            {literals.map((literal, index) => (
              <li key={`${literal.location}-${JSON.stringify(literal.at)}`} className="flex min-w-0 flex-wrap items-center justify-between gap-2 rounded-md px-2 py-1 hover:bg-muted">
                <span className="min-w-0 break-all">
                  <span className="text-muted-foreground">{literal.location === "path" ? "path segment" : literal.label}</span> <code className="font-mono text-xs">{JSON.stringify(literal.value)}</code>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Make parameter from ${literal.label}`}
                  onClick={() => {
                    lastMade.current = index;
                    const next = makeParameter(document, literal, literal.suggestedName);
                    const added = Object.keys(next.parameters.properties).at(-1);
                    onChange(next, `${literal.label} is now the parameter ${added}.`);
                  }}
                >
                  <Wand2 aria-hidden /> Make parameter
                </Button>
              </li>
            ))}
          </ul>
        )}
        {parameters.length > 0 && (
          <p aria-label="Parameters" className="flex flex-wrap items-center gap-1">
            <span className="text-muted-foreground">Parameters:</span>
            {parameters.map(([name, schema]) => (
              <Badge key={name} tone="accent" title={`example ${JSON.stringify((schema.examples as unknown[] | undefined)?.[0])}`}>
                {name}
              </Badge>
            ))}
          </p>
        )}
      </section>
    </div>
  );
}
