"use client";

import { History } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { PlaygroundRunView } from "@/lib/playground/playground-types";
import { OutcomeBadge } from "./outcome-badge";
import { formatDuration, utcTime } from "./run-format";

interface RunHistoryProps {
  readonly runs: readonly PlaygroundRunView[];
  readonly shownId: number | null;
  readonly onShow: (run: PlaygroundRunView) => void;
  readonly onReplay: (run: PlaygroundRunView) => void;
}

/** The tool's kept runs, newest first: who, when, outcome, duration; each can be shown or replayed into the form. */
export function RunHistory({ runs, shownId, onShow, onReplay }: RunHistoryProps) {
  if (runs.length === 0) {
    return (
      <EmptyState icon={History} title="No runs yet">
        Dry runs and fires of this tool are kept here.
      </EmptyState>
    );
  }
  return (
    <ol className="divide-y" aria-label="Run history">
      {runs.map((run) => {
        const label = `Run ${run.id}`;
        const duration = formatDuration(run.durationMs);
        return (
          <li key={run.id} aria-label={label} aria-current={run.id === shownId ? "true" : undefined} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
            <OutcomeBadge outcome={run.outcome} />
            {run.mode === "fire" && run.status !== null && <Badge className="tabular-nums">{run.status}</Badge>}
            {run.mode === "fire" && duration && <span className="text-xs text-muted-foreground tabular-nums">{duration}</span>}
            <span className="min-w-0 truncate" title={run.actorEmail}>
              {run.actorEmail}
            </span>
            <time dateTime={run.createdAt} className="text-xs text-muted-foreground tabular-nums">
              {utcTime(run.createdAt)}
            </time>
            <span className="ml-auto flex gap-1">
              <Button variant="ghost" size="sm" aria-label={`Show ${label.toLowerCase()}`} aria-pressed={run.id === shownId} onClick={() => onShow(run)}>
                Show
              </Button>
              <Button variant="secondary" size="sm" aria-label={`Replay ${label.toLowerCase()}`} onClick={() => onReplay(run)}>
                Replay
              </Button>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
