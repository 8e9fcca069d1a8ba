import { ArrowRight } from "lucide-react";
import Link from "next/link";
import { actionLabel } from "@/components/audit/action-labels";
import { Card } from "@/components/ui/card";
import { formatTime } from "@/components/usage/format";
import type { AuditEventDTO } from "@/lib/audit/audit-log";

/** Where an entry's target lives now; null when it has no page (or no longer exists). */
function targetPage(event: AuditEventDTO): string | null {
  if (event.after === null) return null;
  if (event.targetType === "tool") return `/tools/${encodeURIComponent(event.targetName)}`;
  if (event.targetType === "persona") return `/personas/${encodeURIComponent(event.targetName)}`;
  return null;
}

/** The newest changes anyone made, one line each, each target linked where it has a page. */
export function RecentActivity({ events }: { readonly events: readonly AuditEventDTO[] }) {
  return (
    <Card
      title="Recent activity"
      actions={
        <Link href="/audit" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-accent-foreground hover:underline sm:min-h-0">
          All changes <ArrowRight aria-hidden className="size-4" />
        </Link>
      }
    >
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has changed yet: saves, grants and keys appear here as operators make them.</p>
      ) : (
        <ol className="grid gap-2.5" aria-label="Recent changes">
          {events.map((event) => {
            const page = targetPage(event);
            return (
              <li key={event.id} className="grid gap-0.5 text-sm">
                <p className="min-w-0 [overflow-wrap:anywhere]">
                  {actionLabel(event.action)}{" "}
                  {page ? (
                    <Link href={page} className="font-mono text-xs font-medium text-accent-foreground underline-offset-2 hover:underline">
                      {event.targetName}
                    </Link>
                  ) : (
                    <span className="font-mono text-xs">{event.targetName}</span>
                  )}
                </p>
                <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                  {event.actorEmail} ·{" "}
                  <time dateTime={event.createdAt.toISOString()} className="tabular-nums">
                    {formatTime(event.createdAt)}
                  </time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
