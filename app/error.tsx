"use client";

import { Button } from "@/components/ui/button";

/** Shown when a page fails to render: a plain apology and a retry, never the error's details. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The page could not be shown. Nothing was changed. Try again, and if it keeps happening, share this reference with your
        administrator: <code className="font-mono">{error.digest ?? "unavailable"}</code>
      </p>
      <Button variant="secondary" onClick={reset}>
        Try again
      </Button>
    </main>
  );
}
