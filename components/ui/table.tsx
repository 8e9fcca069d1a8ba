import type { ReactNode } from "react";
import { cn } from "./cn";

interface TableProps {
  /** Read by screen readers only: what the table lists. */
  readonly caption: string;
  /** Column headings; an empty string gives a column with a screen-reader-only heading. */
  readonly columns: readonly { label: string; srOnly?: boolean; className?: string }[];
  readonly children: ReactNode;
  /** A bordered card (lists) or a plain table inside another block. */
  readonly framed?: boolean;
  /** Spacing around the table. */
  readonly className?: string;
}

/** The design system's table: caption, column headings, consistent spacing. */
export function Table({ caption, columns, children, framed = true, className }: TableProps) {
  const table = (
    <table className={cn("w-full text-left text-sm", !framed && className)}>
      <caption className="sr-only">{caption}</caption>
      <thead
        className={cn(
          "text-xs uppercase tracking-wide",
          framed ? "bg-zinc-100 text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400" : "text-zinc-500",
        )}
      >
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={cn(framed ? "px-4 py-2" : "py-1 pr-4", column.className)}>
              {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={framed ? "divide-y divide-zinc-200 dark:divide-zinc-800" : undefined}>{children}</tbody>
    </table>
  );
  return framed ? <div className={cn("overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800", className)}>{table}</div> : table;
}
