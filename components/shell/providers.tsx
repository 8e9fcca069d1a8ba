"use client";

import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { TooltipProvider } from "@/components/ui/tooltip";

/** The key under which the operator's theme choice (system, light, dark) is remembered. */
export const THEME_STORAGE_KEY = "quiver-theme";

/**
 * Theme (class strategy, remembered), tooltips and the toast region, for every page. `nonce` is the
 * page's CSP nonce: the theme's inline script runs before hydration and needs it.
 */
export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem storageKey={THEME_STORAGE_KEY} disableTransitionOnChange nonce={nonce}>
      <TooltipProvider delayDuration={300}>
        {children}
        <Toaster />
      </TooltipProvider>
    </ThemeProvider>
  );
}
