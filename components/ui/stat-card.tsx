import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** One figure with its label and a line of context, for the overview rows. */
export function StatCard({ label, value, detail, icon: Icon }: { label: string; value: ReactNode; detail?: ReactNode; icon?: LucideIcon }) {
  return (
    <div className="flex h-full flex-col gap-1 rounded-lg border bg-surface p-4 shadow-xs">
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>{label}</span>
        {Icon && <Icon aria-hidden className="size-4" />}
      </div>
      <div className="text-2xl font-semibold tabular-nums">{value}</div>
      {detail && <div className="text-xs text-muted-foreground">{detail}</div>}
    </div>
  );
}
