import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { hrefWith, type FilterValues } from "@/components/ui/url-filters";
import { USAGE_RANGES, type UsageRange } from "@/lib/usage/figures";

const LABELS: Record<UsageRange, string> = { hour: "Hour", day: "Day", week: "Week" };

/** Last hour / day / week as links (the range lives in the URL), the current one marked. */
export function RangeSwitch({ current, values }: { current: UsageRange; values: FilterValues }) {
  return (
    <nav aria-label="Time range" className="inline-flex rounded-md border bg-muted/50 p-0.5">
      {USAGE_RANGES.map((range) => (
        <Link
          key={range}
          href={hrefWith("/usage", values, { range: range === "day" ? undefined : range })}
          aria-current={range === current ? "page" : undefined}
          className={cn(
            "inline-flex min-h-11 min-w-16 items-center justify-center rounded px-3 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:min-h-8",
            range === current && "bg-surface text-foreground shadow-xs",
          )}
        >
          {LABELS[range]}
        </Link>
      ))}
    </nav>
  );
}
