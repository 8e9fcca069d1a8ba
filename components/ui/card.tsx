import type { ReactNode } from "react";
import { cn } from "./cn";

interface CardProps {
  readonly title: ReactNode;
  readonly description?: ReactNode;
  /** Controls at the right of the title. */
  readonly actions?: ReactNode;
  readonly children: ReactNode;
  readonly className?: string;
}

/** A titled block of a page. The heading id comes from the title, so the block is a named region. */
export function Card({ title, description, actions, children, className }: CardProps) {
  const id = `card-${String(title).toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={cn("flex min-w-0 flex-col rounded-lg border bg-surface shadow-xs", className)}>
      <div className="flex flex-wrap items-start justify-between gap-2 border-b px-4 py-3">
        <div className="min-w-0">
          <h2 id={id} className="text-sm font-semibold">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-xs text-muted-foreground">{description}</p>}
        </div>
        {actions}
      </div>
      <div className="min-w-0 flex-1 p-4">{children}</div>
    </section>
  );
}
