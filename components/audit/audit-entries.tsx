import { ChevronRight } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatTime } from "@/components/usage/format";
import type { AuditEventDTO } from "@/lib/audit/audit-log";
import { actionLabel, actionTone } from "./action-labels";
import { AuditChange } from "./audit-change";

/**
 * The trail, one line per entry — what happened, to what, who, when — each a disclosure (a native
 * `<details>`: Enter or Space on the line opens it, with or without JavaScript) holding the
 * before/after.
 */
export function AuditEntries({ events }: { events: readonly AuditEventDTO[] }) {
  return (
    <ol className="divide-y overflow-hidden rounded-lg border bg-surface shadow-xs" aria-label="Audit events">
      {events.map((event) => (
        <li key={event.id}>
          <details className="group">
            <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm outline-none hover:bg-muted/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset [&::-webkit-details-marker]:hidden">
              <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90" />
              <span className="font-medium">{actionLabel(event.action)}</span>
              <Badge tone={actionTone(event.action)} className="font-mono">
                {event.action}
              </Badge>
              <span className="min-w-0 break-all" title={`${event.targetType} ${event.targetName}`}>
                {event.targetName || <span className="text-muted-foreground">(no name)</span>}{" "}
                <span className="text-muted-foreground">({event.targetType})</span>
              </span>
              <span className="basis-full pl-7 text-xs text-muted-foreground sm:ml-auto sm:basis-auto sm:pl-0">
                <span className="break-all">{event.actorEmail}</span> ·{" "}
                <time dateTime={event.createdAt.toISOString()} className="whitespace-nowrap tabular-nums">
                  {formatTime(event.createdAt)}
                </time>
              </span>
            </summary>
            <div className="border-t bg-muted/30 px-4 py-3">
              <AuditChange before={event.before} after={event.after} />
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
