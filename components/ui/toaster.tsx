"use client";

import { useTheme } from "next-themes";
import { Toaster as Sonner, toast } from "sonner";

/** The one toast region: results of actions, announced politely; validation stays inline. */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      position="bottom-right"
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
