"use client";

import { StatusBadge, Badge } from "@/components/ui/badge";
import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";
import type { PlaygroundRunView } from "@/lib/playground/playground-types";
import { OutcomeBadge } from "./outcome-badge";
import { COLLAPSE_AFTER_CHARACTERS, formatDuration, prettyBody } from "./run-format";

function Section({ title, children, actions }: { title: string; children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <section className="grid min-w-0 gap-2" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

function HeaderList({ headers, empty }: { headers: Readonly<Record<string, string>>; empty: string }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-1 rounded-md border bg-muted/40 p-2 font-mono text-xs">
      {entries.map(([name, value]) => (
        <li key={name} className="break-all">
          <span className="text-muted-foreground">{name}:</span> {value}
        </li>
      ))}
    </ul>
  );
}

function ResponseBody({ body, truncated }: { body: string; truncated: boolean }) {
  const { text, json } = prettyBody(body);
  const title = json ? "Response body (JSON)" : "Response body";
  const note = truncated && <p className="text-xs text-muted-foreground">The body was longer; only its beginning is kept.</p>;
  if (text.length <= COLLAPSE_AFTER_CHARACTERS) {
    return (
      <>
        <CodeBlock title={title} code={text} maxHeightClass="max-h-96" />
        {note}
      </>
    );
  }
  return (
    <details className="group grid gap-2">
      <summary className="cursor-pointer text-sm text-accent-foreground underline-offset-4 hover:underline">
        Show the body ({Math.round(body.length / 1024)} KiB{truncated ? ", cut" : ""})
      </summary>
      <CodeBlock title={title} code={text} maxHeightClass="max-h-96" className="mt-2" />
      {note}
    </details>
  );
}

/**
 * One run as the operator reads it: the outcome first (status, duration, halt and say text, or
 * the typed error with what to check), then the result the model receives, then the request
 * and the response. Everything arrives masked from the server.
 */
export function RunResult({ run }: { run: PlaygroundRunView }) {
  const { outcome } = run;
  const duration = formatDuration(run.durationMs);
  return (
    <div className="grid min-w-0 gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <OutcomeBadge outcome={outcome} />
        {run.status !== null && <Badge className="tabular-nums">HTTP {run.status}</Badge>}
        {duration && run.mode === "fire" && <Badge className="tabular-nums">{duration}</Badge>}
        {run.toolVersion !== null && <Badge>v{run.toolVersion}</Badge>}
      </div>

      {outcome.kind === "dry_run" && <p className="text-sm text-muted-foreground">Nothing was sent and no secret was read. This is the request a fire would send.</p>}

      {outcome.kind === "error" && (
        <div className="grid gap-2 rounded-md border border-danger/40 bg-danger-subtle p-3 text-sm">
          <p className="font-medium">{outcome.explanation.summary}</p>
          <p className="break-words text-muted-foreground">{outcome.message}</p>
          {outcome.explanation.check.length > 0 && (
            <>
              <p className="font-medium">What to check</p>
              <ul className="list-disc space-y-1 pl-5">
                {outcome.explanation.check.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}

      {outcome.kind === "halt" && (
        <div className="grid gap-1 rounded-md border border-warning/40 bg-warning-subtle p-3 text-sm">
          <p className="font-medium">The tool halts the agent&apos;s turn.</p>
          <p>
            Says: {outcome.say === null ? <span className="text-muted-foreground">nothing</span> : <code className="font-mono break-all">{outcome.say}</code>}
          </p>
        </div>
      )}

      {run.warnings.length > 0 && (
        <ul className="grid gap-1 text-sm">
          {run.warnings.map((warning) => (
            <li key={warning}>
              <StatusBadge status="warning">warning</StatusBadge> {warning}
            </li>
          ))}
        </ul>
      )}

      {run.result !== null && (
        <Section title="Result the model receives">
          <CodeBlock title="Tool response" code={JSON.stringify(run.result, null, 2)} maxHeightClass="max-h-80" />
        </Section>
      )}

      {run.request && (
        <Section title="Request" actions={run.curl && <CopyButton value={run.curl} label="Copy as curl" />}>
          <p className="flex min-w-0 items-start gap-2 text-sm">
            <Badge className="shrink-0 font-mono">{run.request.method}</Badge>
            <code className="min-w-0 font-mono break-all">{run.request.url}</code>
          </p>
          <HeaderList headers={run.request.headers} empty="No request headers." />
          {run.request.body !== null && <CodeBlock title="Request body" code={prettyBody(run.request.body).text} maxHeightClass="max-h-64" />}
        </Section>
      )}

      {run.responseHeaders && (
        <Section title="Response headers">
          <HeaderList headers={run.responseHeaders} empty="No response headers." />
        </Section>
      )}

      {run.responseBody !== null && (
        <Section title="Response body">
          <ResponseBody body={run.responseBody} truncated={run.responseBodyTruncated} />
        </Section>
      )}
    </div>
  );
}
