import { StatusBadge } from "@/components/ui/badge";
import type { PlaygroundOutcome } from "@/lib/playground/playground-types";
import { outcomeBadge } from "./run-format";

/** A run's outcome as a status badge: Dry run, Success, Halted, or the error's type. */
export function OutcomeBadge({ outcome }: { outcome: PlaygroundOutcome }) {
  const { label, status } = outcomeBadge(outcome);
  return <StatusBadge status={status}>{label}</StatusBadge>;
}
