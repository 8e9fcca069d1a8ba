"use client";

import { Menu as MenuIcon, PanelLeftClose, PanelLeftOpen, Search } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { overlayClasses } from "@/components/ui/dialog";
import { isTypingTarget } from "@/components/ui/keyboard";
import { Tooltip } from "@/components/ui/tooltip";
import { CommandPalette } from "./command-palette";
import { LeaveGuardProvider } from "./leave-guard";
import { isCurrentSection, SIDEBAR_COOKIE, visibleNavigation } from "./navigation";
import { OperatorMenu, type ShellOperator } from "./operator-menu";

interface AppShellProps {
  readonly operator: ShellOperator;
  readonly initiallyCollapsed: boolean;
  readonly children: ReactNode;
}

/**
 * The dashboard frame: a sidebar that collapses to an icon rail (⌘B / Ctrl+B, remembered), a
 * sheet with the same content on phones, the command palette (⌘K / Ctrl+K) and the operator menu.
 */
export function AppShell({ operator, initiallyCollapsed, children }: AppShellProps) {
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const pathname = usePathname();

  const toggleCollapsed = useCallback(() => {
    setCollapsed((current) => {
      document.cookie = `${SIDEBAR_COOKIE}=${current ? "expanded" : "collapsed"}; path=/; max-age=31536000; samesite=lax`;
      return !current;
    });
  }, []);

  useEffect(() => setSheetOpen(false), [pathname]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.metaKey || event.ctrlKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === "k") {
        event.preventDefault();
        setPaletteOpen((open) => !open);
      } else if (key === "b" && !isTypingTarget(event.target)) {
        event.preventDefault();
        toggleCollapsed();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggleCollapsed]);

  const openPalette = () => {
    setSheetOpen(false);
    setPaletteOpen(true);
  };

  return (
    <LeaveGuardProvider>
      <div className="flex min-h-dvh">
        <a href="#content" className="sr-only z-50 rounded-md bg-surface px-3 py-2 focus:not-sr-only focus:absolute focus:top-3 focus:left-3">
          Skip to content
        </a>
        <aside
          aria-label="Sidebar"
          className={cn("sticky top-0 hidden h-dvh shrink-0 flex-col border-r bg-sidebar transition-[width] md:flex", collapsed ? "w-16" : "w-60")}
        >
          <SidebarContent operator={operator} pathname={pathname} compact={collapsed} onSearch={openPalette}>
            <Tooltip content={`${collapsed ? "Expand" : "Collapse"} sidebar (Ctrl+B)`} side="right">
              <button
                type="button"
                onClick={toggleCollapsed}
                aria-expanded={!collapsed}
                className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {collapsed ? <PanelLeftOpen aria-hidden className="size-4" /> : <PanelLeftClose aria-hidden className="size-4" />}
                <span className="sr-only">{collapsed ? "Expand sidebar" : "Collapse sidebar"}</span>
              </button>
            </Tooltip>
          </SidebarContent>
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-2 backdrop-blur md:hidden">
            <DialogPrimitive.Root open={sheetOpen} onOpenChange={setSheetOpen}>
              <DialogPrimitive.Trigger className="inline-flex size-11 items-center justify-center rounded-md outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50">
                <MenuIcon aria-hidden className="size-5" />
                <span className="sr-only">Open navigation</span>
              </DialogPrimitive.Trigger>
              <DialogPrimitive.Portal>
                <DialogPrimitive.Overlay className={overlayClasses} />
                <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r bg-sidebar shadow-xl outline-none data-[state=open]:animate-in data-[state=open]:slide-in-from-left">
                  <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
                  <DialogPrimitive.Description className="sr-only">Sections of the console and your account.</DialogPrimitive.Description>
                  <SidebarContent operator={operator} pathname={pathname} compact={false} onSearch={openPalette}>
                    <DialogPrimitive.Close className="inline-flex size-11 items-center justify-center rounded-md text-sm text-muted-foreground outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50">
                      <PanelLeftClose aria-hidden className="size-4" />
                      <span className="sr-only">Close navigation</span>
                    </DialogPrimitive.Close>
                  </SidebarContent>
                </DialogPrimitive.Content>
              </DialogPrimitive.Portal>
            </DialogPrimitive.Root>
            <Link href="/" className="px-1 text-base font-semibold tracking-tight text-accent-foreground">
              Quiver
            </Link>
            <button
              type="button"
              onClick={openPalette}
              className="ml-auto inline-flex size-11 items-center justify-center rounded-md outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <Search aria-hidden className="size-5" />
              <span className="sr-only">Search and commands</span>
            </button>
          </header>
          <main id="content" tabIndex={-1} className="mx-auto w-full max-w-6xl min-w-0 flex-1 px-4 py-6 outline-none md:px-8 md:py-8">
            {children}
          </main>
        </div>
        <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} role={operator.role} />
      </div>
    </LeaveGuardProvider>
  );
}

interface SidebarContentProps {
  readonly operator: ShellOperator;
  readonly pathname: string;
  readonly compact: boolean;
  readonly onSearch: () => void;
  /** The collapse (desktop) or close (phone) control beside the logo. */
  readonly children: ReactNode;
}

function SidebarContent({ operator, pathname, compact, onSearch, children }: SidebarContentProps) {
  return (
    <>
      <div className={cn("flex h-14 items-center gap-2 px-3", compact ? "justify-center" : "justify-between")}>
        {!compact && (
          <Link href="/" className="rounded-sm px-1 text-base font-semibold tracking-tight text-accent-foreground">
            Quiver
          </Link>
        )}
        {children}
      </div>
      <div className="px-3 pb-2">
        <button
          type="button"
          onClick={onSearch}
          className={cn(
            "flex h-9 w-full items-center gap-2 rounded-md border bg-surface px-2.5 text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
            compact && "justify-center px-0",
          )}
        >
          <Search aria-hidden className="size-4 shrink-0" />
          <span className={cn("flex-1 text-left", compact && "sr-only")}>Search…</span>
          {!compact && <kbd className="rounded border bg-muted px-1.5 font-mono text-[10px]">Ctrl K</kbd>}
        </button>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        {visibleNavigation(operator.role).map((group) => (
          <div key={group.label} className="mb-4">
            <p className={cn("mb-1 px-2 text-xs font-medium text-muted-foreground", compact && "sr-only")}>{group.label}</p>
            <ul className="grid gap-0.5">
              {group.items.map(({ href, label, icon: Icon }) => {
                const current = isCurrentSection(pathname, href);
                const link = (
                  <Link
                    href={href}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "flex min-h-11 items-center gap-3 rounded-md px-2 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 md:min-h-9",
                      compact && "justify-center",
                      current ? "bg-accent text-accent-foreground" : "text-foreground/80 hover:bg-muted hover:text-foreground",
                    )}
                  >
                    <Icon aria-hidden className="size-4 shrink-0" />
                    <span className={cn(compact && "sr-only")}>{label}</span>
                  </Link>
                );
                return (
                  <li key={href}>
                    {compact ? (
                      <Tooltip content={label} side="right">
                        {link}
                      </Tooltip>
                    ) : (
                      link
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <div className="border-t p-2">
        <OperatorMenu operator={operator} compact={compact} />
      </div>
    </>
  );
}
