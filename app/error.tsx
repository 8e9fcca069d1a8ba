"use client";

import { ErrorContent } from "@/components/shell/error-content";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main>
      <ErrorContent digest={error.digest} reset={reset} />
    </main>
  );
}
