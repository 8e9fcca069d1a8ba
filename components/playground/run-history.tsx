"use client";

import { History, ListChecks } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { PlaygroundRunView } from "@/lib/playground/playground-types";
import { OutcomeBadge } from "./outcome-badge";
import { formatDuration, runLabel, utcTime } from "./run-format";

interface RunHistoryProps {
  readonly runs: readonly PlaygroundRunView[];
  readonly shownId: number | null;
  readonly onShow: (run: PlaygroundRunView) => void;
  readonly onReplay: (run: PlaygroundRunView) => void;
}

/**
 * The tool's kept runs, newest first, each named by its number among the tool's runs and, when a
 * saved test case made it, by the case: who, when, outcome, duration; each can be shown or
 * replayed into the form (which sends nothing: Fire asks first as always).
 */
export function RunHistory({ runs, shownId, onShow, onReplay }: RunHistoryProps) {
  if (runs.length === 0) {
    return (
      <EmptyState icon={History} title="No runs yet">
        Dry runs, fires and test case runs of this tool are kept here.
      </EmptyState>
    );
  }
  return (
    <ol className="divide-y" aria-label="Run history">
      {runs.map((run) => {
        const duration = formatDuration(run.durationMs);
        return (
          <li key={run.id} aria-label={runLabel(run)} aria-current={run.id === shownId ? "true" : undefined} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
            <span className="text-xs text-muted-foreground tabular-nums">#{run.number}</span>
            <OutcomeBadge outcome={run.outcome} />
            {run.mode === "fire" && run.status !== null && <Badge className="tabular-nums">{run.status}</Badge>}
            {run.mode === "fire" && duration && <span className="text-xs text-muted-foreground tabular-nums">{duration}</span>}
            {run.testCase && (
              <span className="flex min-w-0 items-center gap-1 font-medium" title={`Test case "${run.testCase.name}"`}>
                <ListChecks aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
                <span className="min-w-0 break-all">{run.testCase.name}</span>
              </span>
            )}
            <span className="min-w-0 truncate" title={run.actorEmail}>
              {run.actorEmail}
            </span>
            <time dateTime={run.createdAt} className="text-xs text-muted-foreground tabular-nums">
              {utcTime(run.createdAt)}
            </time>
            <span className="ml-auto flex gap-1">
              <Button variant="ghost" size="sm" aria-label={`Show run ${run.number}`} aria-pressed={run.id === shownId} onClick={() => onShow(run)}>
                Show
              </Button>
              <Button variant="secondary" size="sm" aria-label={`Replay run ${run.number}`} onClick={() => onReplay(run)}>
                Replay
              </Button>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
