import { StatusBadge, type Status } from "@/components/ui/badge";
import type { ToolHealth } from "@/lib/playground/playground-types";

const LOOK: Record<ToolHealth, { status: Status; label: string; title: string }> = {
  passing: { status: "success", label: "tests pass", title: "Every saved test case passed its last run" },
  failing: { status: "danger", label: "tests fail", title: "A saved test case failed its last run" },
  never_run: { status: "neutral", label: "tests not run", title: "Some saved test cases have never run" },
};

/** A tool's test-case health; tools without test cases show nothing. */
export function HealthBadge({ health }: { health: ToolHealth | undefined }) {
  if (!health) return null;
  const look = LOOK[health];
  return (
    <StatusBadge status={look.status} title={look.title}>
      {look.label}
    </StatusBadge>
  );
}
