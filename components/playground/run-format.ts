import type { Status } from "@/components/ui/badge";
import type { PlaygroundOutcome, PlaygroundRunView } from "@/lib/playground/playground-types";

const BADGES: Record<Exclude<PlaygroundOutcome["kind"], "error">, { label: string; status: Status }> = {
  dry_run: { label: "Dry run", status: "neutral" },
  success: { label: "Success", status: "success" },
  halt: { label: "Halted", status: "warning" },
};

/** The outcome as a badge: a few words (an error says its type) and a status colour. */
export function outcomeBadge(outcome: PlaygroundOutcome): { label: string; status: Status } {
  return outcome.kind === "error" ? { label: outcome.errorType, status: "danger" } : BADGES[outcome.kind];
}

export function formatDuration(ms: number | null): string | null {
  if (ms === null) return null;
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/**
 * What a run is called wherever it is listed or shown: its number among the tool's runs, and the
 * saved test case it was made for (`Run 4, test case "happy path"`).
 */
export function runLabel(run: Pick<PlaygroundRunView, "number" | "testCase">): string {
  return run.testCase ? `Run ${run.number}, test case "${run.testCase.name}"` : `Run ${run.number}`;
}

/** One sentence for the live region when a run finishes. */
export function runAnnouncement(run: PlaygroundRunView): string {
  const parts = [run.mode === "dry_run" ? "Dry run ready" : `Fire finished: ${outcomeBadge(run.outcome).label}`];
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
