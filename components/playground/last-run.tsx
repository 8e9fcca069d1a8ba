import type { PlaygroundRunView } from "@/lib/playground/playground-types";
import { OutcomeBadge } from "./outcome-badge";
import { utcTime } from "./run-format";

/** A tool's latest run in one line: outcome, when, who; or "never". */
export function LastRun({ run }: { run: PlaygroundRunView | null }) {
  if (!run) return <span className="text-xs text-muted-foreground">never</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <OutcomeBadge outcome={run.outcome} />
      <span className="text-xs text-muted-foreground tabular-nums">
        <time dateTime={run.createdAt}>{utcTime(run.createdAt)}</time> · {run.actorEmail}
      </span>
    </span>
  );
}
