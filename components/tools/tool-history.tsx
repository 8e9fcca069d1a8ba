"use client";

import { useEffect, useState, useTransition } from "react";
import { getRevisionAction, restoreToolRevisionAction } from "@/lib/catalog/actions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormStatus } from "@/components/ui/form-status";
import { Select } from "@/components/ui/select";
import { Cell, Row, Table } from "@/components/ui/table";
import { toast } from "@/components/ui/toaster";
import { describeChange, type FieldChange } from "@/lib/audit/describe-change";
import type { ToolRevisionSummary } from "@/lib/catalog/tool-revisions";
import type { DroppedSecret } from "@/lib/catalog/tool-saves";
import type { JsonValue } from "@/lib/tools";
import { defaultRevisionPair, type RevisionPair } from "./revision-pair";

const DROPPED_REASONS: Readonly<Record<DroppedSecret["reason"], string>> = {
  origin_changed: "the restored version calls another origin, so the stored value was not carried over",
  no_longer_secret: "the header is not secret in the restored version",
};

interface ToolHistoryProps {
  readonly name: string;
  readonly currentVersion: number;
  /** Newest first. */
  readonly revisions: readonly ToolRevisionSummary[];
  readonly canRestore: boolean;
}

/** A tool's revisions: compare any two field by field, and (editors) restore an older one. */
export function ToolHistory({ name, currentVersion, revisions, canRestore }: ToolHistoryProps) {
  const [restoring, setRestoring] = useState<number | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const restore = (version: number) =>
    startTransition(async () => {
      const result = await restoreToolRevisionAction(name, version, currentVersion);
      setRestoring(null);
      if (!result.ok) {
        setStatus({ ok: false, message: result.message });
        return;
      }
      if (result.message) toast.success(result.message);
      const dropped = result.data.droppedSecrets.map((secret) => `${secret.header} (${DROPPED_REASONS[secret.reason]})`);
      setStatus(dropped.length > 0 ? { ok: false, message: `Enter the secret again in the tool's form: ${dropped.join("; ")}.` } : null);
    });
  const pair = defaultRevisionPair(revisions, currentVersion);

  return (
    <div className="grid gap-6">
      <Card title="History" description="Every saved revision, newest first.">
        <ol className="divide-y">
          {revisions.map((revision) => (
            <li key={revision.version} aria-label={`Version ${revision.version}`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
              <Badge className="font-mono">v{revision.version}</Badge>
              <span>{revision.createdBy}</span>
              <time dateTime={revision.createdAt.toISOString()} className="text-xs text-muted-foreground tabular-nums">
                {revision.createdAt.toISOString().replace("T", " ").slice(0, 16)} UTC
              </time>
              {revision.note && <span className="basis-full text-muted-foreground sm:basis-auto">{revision.note}</span>}
              {canRestore && revision.version !== currentVersion && (
                <Button variant="secondary" size="sm" className="ml-auto" disabled={pending} onClick={() => setRestoring(revision.version)} aria-label={`Restore version ${revision.version}`}>
                  Restore
                </Button>
              )}
            </li>
          ))}
        </ol>
        <FormStatus ok={status?.ok} message={status?.message} />
      </Card>
      {/* Keyed by the pair: when a restore (or a colleague's save) makes a new current version, Compare opens on the new latest change. */}
      {pair && <RevisionComparison key={`${pair.from}-${pair.to}`} name={name} revisions={revisions} initial={pair} />}
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => !open && setRestoring(null)}
        title={`Restore version ${restoring}?`}
        description={`Its definition becomes version ${currentVersion + 1}; version ${currentVersion} stays in the history.`}
        confirmLabel="Restore"
        destructive={false}
        pending={pending}
        onConfirm={() => restoring !== null && restore(restoring)}
      />
    </div>
  );
}

/** Two revisions side by side, field by field, starting from `initial` (revision-pair.ts). */
function RevisionComparison({ name, revisions, initial }: { name: string; revisions: readonly ToolRevisionSummary[]; initial: RevisionPair }) {
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [changes, setChanges] = useState<FieldChange[] | null>(null);
  const [failure, setFailure] = useState<string | undefined>();
  const [pending, startTransition] = useTransition();
  useEffect(() => {
    startTransition(async () => {
      const [before, after] = await Promise.all([getRevisionAction(name, from), getRevisionAction(name, to)]);
      if (!before.ok || !after.ok) {
        setFailure((before.ok ? after : before).message);
        setChanges(null);
        return;
      }
      setFailure(undefined);
      // A persisted definition is plain JSON by construction (it was stored as JSON text).
      setChanges(describeChange(before.data.definition as unknown as JsonValue, after.data.definition as unknown as JsonValue));
    });
  }, [name, from, to]);

  const versionSelect = (id: string, label: string, value: number, onChange: (version: number) => void) => (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <Select id={id} className="w-28" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {revisions.map((revision) => (
          <option key={revision.version} value={revision.version}>
            v{revision.version}
          </option>
        ))}
      </Select>
    </div>
  );

  return (
    <Card
      title="Compare revisions"
      description="The fields that differ between two revisions. Secret values are never stored in revisions."
      actions={
        <div className="flex flex-wrap items-center gap-3">
          {versionSelect("compare-from", "From", from, setFrom)}
          {versionSelect("compare-to", "To", to, setTo)}
        </div>
      }
    >
      <FormStatus message={failure} />
      {changes && (
        <Table
          caption={`Changes from version ${from} to version ${to}`}
          columns={[{ label: "Field" }, { label: `Before (v${from})` }, { label: `After (v${to})` }]}
          isEmpty={changes.length === 0}
          empty={pending ? "Comparing…" : "These revisions hold the same definition."}
        >
          {changes.map((change) => (
            <Row key={change.path} label={change.path}>
              <Cell className="font-mono text-xs">{change.path}</Cell>
              <Cell label={`Before (v${from})`} className="font-mono text-xs break-all">
                {change.before ?? <span className="text-muted-foreground">absent</span>}
              </Cell>
              <Cell label={`After (v${to})`} className="font-mono text-xs break-all">
                {change.after ?? <span className="text-muted-foreground">absent</span>}
              </Cell>
            </Row>
          ))}
        </Table>
      )}
    </Card>
  );
}
