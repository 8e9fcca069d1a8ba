"use client";

import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Shown when a page fails to render: a plain apology and a retry, never the error's details. */
export function ErrorContent({ digest, reset }: { digest?: string; reset: () => void }) {
  return (
    <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-danger-subtle text-danger-foreground">
        <TriangleAlert aria-hidden className="size-6" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        The page could not be shown. Nothing was changed. Try again, and if it keeps happening, share this reference with your administrator:{" "}
        <code className="font-mono">{digest ?? "unavailable"}</code>
      </p>
      <Button variant="secondary" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
