import { ChevronLeft, ChevronRight } from "lucide-react";
import Link from "next/link";
import { buttonVariants } from "./button";
import { cn } from "./cn";
import type { PageWindow } from "./paging";

/** What the list holds, in the singular and the plural ("1 tool", "230 tools"). */
export interface Noun {
  readonly one: string;
  readonly other: string;
}

const plural = new Intl.PluralRules("en");

/** "Viewing 1–50 of 230 tools" with Previous and Next links that keep the current filters. */
export function Pager({ window, hrefFor, noun }: { window: PageWindow; hrefFor: (page: number) => string; noun: Noun }) {
  if (window.total === 0) return null;
  const link = (page: number | null, label: string, icon: "previous" | "next") => {
    const content = (
      <>
        {icon === "previous" && <ChevronLeft aria-hidden />}
        {label}
        {icon === "next" && <ChevronRight aria-hidden />}
      </>
    );
    const classes = cn(buttonVariants({ variant: "secondary", size: "sm" }));
    return page === null ? (
      <span aria-disabled="true" className={cn(classes, "pointer-events-none opacity-50")}>{content}</span>
    ) : (
      <Link href={hrefFor(page)} className={classes} rel={icon === "next" ? "next" : "prev"}>
        {content}
      </Link>
    );
  };
  return (
    <nav aria-label={`Pages of ${noun.other}`} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
      <p className="text-xs text-muted-foreground tabular-nums">
        Viewing {window.from}–{window.to} of {window.total} {noun[plural.select(window.total) === "one" ? "one" : "other"]}
      </p>
      <div className="flex gap-2">
        {link(window.previousPage, "Previous", "previous")}
        {link(window.nextPage, "Next", "next")}
      </div>
    </nav>
  );
}
