"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { Tabs as TabsPrimitive } from "radix-ui";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentProps, type ReactNode } from "react";
import { cn } from "./cn";

export interface TabPanel {
  readonly value: string;
  readonly label: ReactNode;
  readonly content: ReactNode;
}

/**
 * Tabs on Radix (arrow keys move, Home/End jump). A row wider than its room scrolls sideways, never
 * the page: its edges fade, with a chevron, where tabs are hidden, and the selected tab is scrolled
 * into view — when the page opens on it and whenever it changes. Every tab stays in the one tab
 * list (no "More" menu), so the keyboard reaches all of them and screen readers count them all.
 */
interface TabsProps {
  readonly panels: readonly TabPanel[];
  readonly label: string;
  readonly defaultValue?: string;
  /** Controlled use: the open tab and what happens when the operator picks another. */
  readonly value?: string;
  readonly onValueChange?: (value: string) => void;
  readonly className?: string;
}

/** How wide each edge fades where tabs are hidden; a revealed tab keeps this clear of the edge. */
export const TAB_FADE_PX = 40;

/** The tab row's scroll position: how far it is scrolled, how wide its visible part and its content are. */
export interface RowScroll {
  readonly scrollLeft: number;
  readonly viewWidth: number;
  readonly contentWidth: number;
}

export interface HiddenTabs {
  readonly before: boolean;
  readonly after: boolean;
}

/** Whether tabs are hidden before or after the visible part (a pixel of slack for fractional widths). */
export function hiddenTabs({ scrollLeft, viewWidth, contentWidth }: RowScroll): HiddenTabs {
  return { before: scrollLeft > 1, after: scrollLeft + viewWidth < contentWidth - 1 };
}

/** The mask that fades the edges behind which tabs are hidden; none when every tab shows. */
export function edgeFade({ before, after }: HiddenTabs): string | undefined {
  if (!before && !after) return undefined;
  const start = before ? `transparent, #000 ${TAB_FADE_PX}px` : "#000";
  const end = after ? `#000 calc(100% - ${TAB_FADE_PX}px), transparent` : "#000";
  return `linear-gradient(to right, ${start}, ${end})`;
}

/**
 * Where to scroll the row so the tab from `start` to `start + width` is fully visible and clear of
 * the fades; the current position when it already is. A tab wider than the room is aligned left.
 */
export function revealScrollLeft(row: RowScroll, tab: { readonly start: number; readonly width: number }, margin = TAB_FADE_PX): number {
  const farthest = Math.max(0, row.contentWidth - row.viewWidth);
  const clamp = (left: number) => Math.min(farthest, Math.max(0, left));
  const fitsFrom = tab.start - margin;
  const fitsTo = tab.start + tab.width + margin - row.viewWidth;
  if (fitsTo > fitsFrom || row.scrollLeft > fitsFrom) return clamp(fitsFrom);
  if (row.scrollLeft < fitsTo) return clamp(fitsTo);
  return row.scrollLeft;
}

/** The edges hiding tabs as an attribute value ("before", "after", "before after"), for styles and tests. */
function hiddenEdges({ before, after }: HiddenTabs): string | undefined {
  return [before && "before", after && "after"].filter(Boolean).join(" ") || undefined;
}

function rowScroll(list: HTMLElement): RowScroll {
  return { scrollLeft: list.scrollLeft, viewWidth: list.clientWidth, contentWidth: list.scrollWidth };
}

export function Tabs({ panels, defaultValue, value, onValueChange, label, className }: TabsProps) {
  const [chosen, setChosen] = useState(defaultValue ?? panels[0]?.value);
  const selected = value ?? chosen;
  const listRef = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<HiddenTabs>({ before: false, after: false });
  const revealedBefore = useRef(false);

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const next = hiddenTabs(rowScroll(list));
    setHidden((current) => (current.before === next.before && current.after === next.after ? current : next));
  }, []);

  /** Scrolls the selected tab into view (smoothly once the row has been shown), then re-measures the fades. */
  const revealSelected = useCallback(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!list || !tab) return;
    const left = revealScrollLeft(rowScroll(list), { start: tab.offsetLeft, width: tab.offsetWidth });
    if (left !== list.scrollLeft) list.scrollTo({ left, behavior: revealedBefore.current ? "auto" : "instant" });
    revealedBefore.current = true;
    measure();
  }, [measure]);

  // Before paint, so a page opened on its last tab never shows the row scrolled to the start.
  useLayoutEffect(revealSelected, [selected, revealSelected]);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    // A narrower row (a window made smaller, a phone turned) keeps the selected tab in view.
    const observer = new ResizeObserver(revealSelected);
    observer.observe(list);
    for (const tab of list.children) observer.observe(tab);
    return () => observer.disconnect();
  }, [revealSelected, panels.length]);

  const scrollBy = (direction: -1 | 1) => {
    const list = listRef.current;
    list?.scrollBy({ left: direction * Math.max(list.clientWidth - 2 * TAB_FADE_PX, TAB_FADE_PX) });
  };
  const choose = (next: string) => {
    if (value === undefined) setChosen(next);
    onValueChange?.(next);
  };

  return (
    <TabsPrimitive.Root value={selected} onValueChange={choose} className={cn("grid min-w-0 gap-4", className)}>
      <div className="relative min-w-0">
        <TabsList
          ref={listRef}
          aria-label={label}
          data-hidden-tabs={hiddenEdges(hidden)}
          style={{ maskImage: edgeFade(hidden) }}
          onScroll={measure}
        >
          {panels.map((panel) => (
            <TabsTrigger key={panel.value} value={panel.value}>
              {panel.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {hidden.before && <EdgeButton side="before" onClick={() => scrollBy(-1)} />}
        {hidden.after && <EdgeButton side="after" onClick={() => scrollBy(1)} />}
      </div>
      {panels.map((panel) => (
        <TabsPrimitive.Content key={panel.value} value={panel.value} className="min-w-0 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          {panel.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}

/**
 * The chevron over a faded edge. It is for pointers only (hidden from assistive technology and
 * out of the tab order): keyboards move through the tabs with the arrow keys, which scroll too.
 */
function EdgeButton({ side, onClick }: { side: "before" | "after"; onClick: () => void }) {
  const Icon = side === "before" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden
      data-tab-hint={side}
      // A click scrolls without taking focus, which would land on an element assistive technology cannot see.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn("absolute inset-y-0 flex w-8 items-center text-muted-foreground hover:text-foreground", side === "before" ? "left-0 justify-start" : "right-0 justify-end")}
    >
      <Icon className="size-4" />
    </button>
  );
}

function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        // `relative` makes the list the tabs' offsetParent, so offsetLeft is measured within the row.
        "relative -mb-px flex max-w-full gap-1 overflow-x-auto border-b [scrollbar-width:none] motion-safe:scroll-smooth [&::-webkit-scrollbar]:hidden",
        className,
      )}
      {...props}
    />
  );
}

function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "inline-flex min-h-11 shrink-0 items-center gap-1.5 border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap text-muted-foreground outline-none sm:min-h-9",
        // The ring sits inside the tab: the scrolling row would clip one drawn outside.
        "hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset data-[state=active]:border-primary data-[state=active]:text-foreground",
        className,
      )}
      {...props}
    />
  );
}
