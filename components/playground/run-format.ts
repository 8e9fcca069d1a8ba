import type { Status } from "@/components/ui/badge";
import type { PlaygroundOutcome, PlaygroundRunView } from "@/lib/runtime/playground-types";

/** The outcome in a few words, as the run view, the history and the announcement say it. */
export function outcomeLabel(outcome: PlaygroundOutcome): string {
  switch (outcome.kind) {
    case "dry_run":
      return "Dry run";
    case "success":
      return "Success";
    case "halt":
      return "Halted";
    case "error":
      return outcome.errorType;
  }
}

export function outcomeStatus(outcome: PlaygroundOutcome): Status {
  switch (outcome.kind) {
    case "dry_run":
      return "neutral";
    case "success":
      return "success";
    case "halt":
      return "warning";
    case "error":
      return "danger";
  }
}

export function formatDuration(ms: number | null): string | null {
  if (ms === null) return null;
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** One sentence for the live region when a run finishes. */
export function runAnnouncement(run: PlaygroundRunView): string {
  const parts = [run.mode === "dry_run" ? "Dry run ready" : `Fire finished: ${outcomeLabel(run.outcome)}`];
  if (run.status !== null) parts.push(`HTTP ${run.status}`);
  const duration = formatDuration(run.durationMs);
  if (duration && run.mode === "fire") parts.push(`in ${duration}`);
  return `${parts.join(", ")}.`;
}

/** The body pretty-printed when it is JSON, as it came otherwise. */
export function prettyBody(body: string): { text: string; json: boolean } {
  try {
    return { text: JSON.stringify(JSON.parse(body), null, 2), json: true };
  } catch {
    return { text: body, json: false };
  }
}

/** Bodies longer than this start collapsed. */
export const COLLAPSE_AFTER_CHARACTERS = 4000;

/** ISO time as the console writes it everywhere: UTC, to the second (same on server and browser). */
export function utcTime(iso: string): string {
  return `${iso.replace("T", " ").slice(0, 19)} UTC`;
}
