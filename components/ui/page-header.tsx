import { ChevronRight } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";

export interface Crumb {
  readonly label: string;
  /** The last crumb (the current page) has none. */
  readonly href?: string;
}

interface PageHeaderProps {
  readonly title: ReactNode;
  readonly description?: ReactNode;
  /** Trail above the title on detail pages. */
  readonly breadcrumbs?: readonly Crumb[];
  /** Badges beside the title. */
  readonly meta?: ReactNode;
  /** At most one primary action, plus secondary ones. */
  readonly actions?: ReactNode;
}

/** The title block at the top of every dashboard page: breadcrumbs, h1, description, actions. */
export function PageHeader({ title, description, breadcrumbs, meta, actions }: PageHeaderProps) {
  return (
    <header className="mb-6 grid gap-3">
      {breadcrumbs && breadcrumbs.length > 0 && (
        <nav aria-label="Breadcrumb">
          <ol className="flex min-w-0 flex-wrap items-center gap-1 text-sm text-muted-foreground">
            {breadcrumbs.map((crumb, index) => (
              <li key={`${crumb.label}-${index}`} className="flex min-w-0 items-center gap-1">
                {index > 0 && <ChevronRight aria-hidden className="size-3.5 shrink-0" />}
                {crumb.href ? (
                  <Link href={crumb.href} className="rounded-sm hover:text-foreground hover:underline">
                    {crumb.label}
                  </Link>
                ) : (
                  <span aria-current="page" className="truncate font-medium text-foreground">
                    {crumb.label}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1 basis-72">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">{title}</h1>
            {meta}
          </div>
          {description && <p className="mt-1 max-w-3xl text-sm text-muted-foreground [overflow-wrap:anywhere]">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </header>
  );
}
