"use client";

import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { catchHistoryTraversals } from "./history-traversal";
import { leavingFor } from "./leave-target";

interface LeaveGuard {
  /** Marks work on the page as unsaved; `what` names it in the question ("this tool"); `discarded` runs when the operator leaves without it. */
  readonly hold: (id: string, what: string, discarded?: () => void) => void;
  readonly release: (id: string) => void;
  /** Goes to `href`, asking first while work is held. */
  readonly navigate: (href: string) => void;
}

const LeaveGuardContext = createContext<LeaveGuard | null>(null);

/**
 * Asks before in-app navigation throws away unsaved work: a click on any link of the console (the
 * sidebar, a breadcrumb, a row), the command palette's jumps and the browser's Back and Forward
 * (where it has the Navigation API, see history-traversal.ts). Stay keeps everything as it was;
 * Discard changes goes on. Leaving the console altogether (reload, closing the tab, another site)
 * is the browser's own unload warning, which `useLeaveGuard` also sets.
 */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const holds = useRef(new Map<string, { readonly what: string; readonly discarded?: () => void }>());
  const [asking, setAsking] = useState<{ leave: () => void; what: string } | null>(null);

  const askOrGo = useCallback(
    (href: string) => {
      const [held] = holds.current.values();
      if (held === undefined) router.push(href);
      else setAsking({ leave: () => router.push(href), what: held.what });
    },
    [router],
  );

  useEffect(
    () =>
      catchHistoryTraversals(
        () => holds.current.size > 0,
        (goOn) => {
          const [held] = holds.current.values();
          if (held) setAsking({ leave: goOn, what: held.what });
        },
      ),
    [],
  );

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (holds.current.size === 0 || event.defaultPrevented) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const href = leavingFor(
        {
          href: anchor.href,
          target: anchor.target,
          download: anchor.hasAttribute("download"),
          opensElsewhere: event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
        },
        new URL(window.location.href),
      );
      if (href === null) return;
      // Caught on the way down, before the link's own handler (Next's router) sees the click.
      event.preventDefault();
      event.stopPropagation();
      askOrGo(href);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [askOrGo]);

  const guard = useMemo<LeaveGuard>(
    () => ({
      hold: (id, what, discarded) => void holds.current.set(id, { what, discarded }),
      release: (id) => void holds.current.delete(id),
      navigate: askOrGo,
    }),
    [askOrGo],
  );

  const discardAndLeave = () => {
    if (!asking) return;
    for (const held of holds.current.values()) held.discarded?.();
    holds.current.clear();
    setAsking(null);
    asking.leave();
  };

  return (
    <LeaveGuardContext.Provider value={guard}>
      {children}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Leave without saving?"
        description={`You have unsaved changes to ${asking?.what ?? "this page"}. If you leave now, they are lost.`}
        confirmLabel="Discard changes"
        cancelLabel="Stay"
        onConfirm={discardAndLeave}
      />
    </LeaveGuardContext.Provider>
  );
}

/**
 * While `unsaved` holds, leaving the page asks first: in the console through the guard's question,
 * and on a reload, a closed tab or another site through the browser's unload warning. `discarded`
 * runs when the operator chooses to leave without the work (e.g. to forget a kept draft).
 */
export function useLeaveGuard(unsaved: boolean, what: string, discarded?: () => void): void {
  const guard = useContext(LeaveGuardContext);
  const id = useId();
  useEffect(() => {
    if (!unsaved) return;
    guard?.hold(id, what, discarded);
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => {
      guard?.release(id);
      window.removeEventListener("beforeunload", warn);
    };
  }, [unsaved, what, discarded, guard, id]);
}

/** Navigation from code (the command palette) that asks first while work is unsaved. */
export function useGuardedNavigation(): (href: string) => void {
  const guard = useContext(LeaveGuardContext);
  const router = useRouter();
  return guard?.navigate ?? ((href) => router.push(href));
}
