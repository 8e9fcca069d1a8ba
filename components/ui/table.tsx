import type { ReactNode } from "react";
import { cn } from "./cn";

export interface Column {
  readonly label: string;
  /** A heading read by screen readers only (e.g. the actions column). */
  readonly srOnly?: boolean;
  readonly className?: string;
}

interface TableProps {
  /** Read by screen readers only: what the table lists. */
  readonly caption: string;
  readonly columns: readonly Column[];
  readonly children: ReactNode;
  /** Shown as a single row when there are no rows. */
  readonly empty?: ReactNode;
  readonly isEmpty?: boolean;
  /** Under the table: the pager. */
  readonly footer?: ReactNode;
  readonly className?: string;
}

/**
 * The design system's table: sticky header, ~40 px rows, an empty row, a footer for the pager.
 * Below `md` every row becomes a card (one DOM, so nothing is duplicated for assistive tech):
 * cells stack, each prefixed by its column label.
 */
export function Table({ caption, columns, children, empty, isEmpty = false, footer, className }: TableProps) {
  return (
    <div className={cn("min-w-0 md:overflow-hidden md:rounded-lg md:border md:bg-surface md:shadow-xs", className)}>
      <div className="md:overflow-x-auto">
        <table className="w-full text-left text-sm max-md:block">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/70 text-xs text-muted-foreground max-md:sr-only md:sticky md:top-0 md:z-10">
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={cn("px-4 py-2.5 font-medium whitespace-nowrap", column.className)}>
                  {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-md:grid max-md:gap-3 md:divide-y">
            {isEmpty ? (
              <tr className="max-md:block max-md:rounded-lg max-md:border max-md:bg-surface">
                <td colSpan={columns.length} className="px-4 py-10 text-center text-sm text-muted-foreground max-md:block">
                  {empty ?? "No results."}
                </td>
              </tr>
            ) : (
              children
            )}
          </tbody>
        </table>
      </div>
      {footer && <div className="mt-3 md:mt-0 md:border-t md:bg-surface">{footer}</div>}
    </div>
  );
}

/** A table row; a card with a border below `md`. */
export function Row({ children, label, className }: { children: ReactNode; label?: string; className?: string }) {
  return (
    <tr aria-label={label} className={cn("align-top max-md:relative max-md:grid max-md:gap-2 max-md:rounded-lg max-md:border max-md:bg-surface max-md:p-4 md:hover:bg-muted/40", className)}>
      {children}
    </tr>
  );
}

/**
 * A table cell. `label` names it on phone cards (where the header row is hidden); the primary
 * cell and the actions cell go without one.
 */
export function Cell({ children, label, className, actions = false }: { children: ReactNode; label?: string; className?: string; actions?: boolean }) {
  return (
    <td
      data-label={label}
      className={cn(
        "px-4 py-2.5 max-md:flex max-md:min-w-0 max-md:flex-wrap max-md:items-center max-md:gap-x-2 max-md:p-0",
        label && "max-md:before:w-24 max-md:before:shrink-0 max-md:before:text-xs max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]",
        actions && "w-12 text-right max-md:absolute max-md:top-2 max-md:right-2 max-md:w-auto",
        className,
      )}
    >
      {label ? <div className="min-w-0 max-md:flex-1">{children}</div> : children}
    </td>
  );
}
