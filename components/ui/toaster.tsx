"use client";

import { useTheme } from "next-themes";
import { Toaster as Sonner, toast } from "sonner";

/**
 * The CSS variable (on the root element) a bar kept at the bottom of the page sets to its height,
 * so toasts rise above it instead of covering its buttons (the editor's Save).
 */
export const STICKY_BAR_HEIGHT = "--sticky-bar-height";

/** Sonner's own gaps from the edge (24 px, 16 px on phones), kept above any sticky bottom bar. */
const above = (gap: string) => ({ bottom: `calc(var(${STICKY_BAR_HEIGHT}, 0px) + ${gap})` });

/** The one toast region: results of actions, announced politely; validation stays inline. */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      position="bottom-right"
      offset={above("24px")}
      mobileOffset={above("16px")}
      closeButton
      duration={4000}
      toastOptions={{
        classNames: {
          toast: "!border-border !bg-surface-raised !text-foreground",
          error: "!border-danger/40 !bg-danger-subtle !text-danger-foreground",
          description: "!text-muted-foreground",
        },
      }}
    />
  );
}

export { toast };
