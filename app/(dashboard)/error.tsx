"use client";

import { ErrorContent } from "@/components/shell/error-content";

/** A page that failed inside the dashboard keeps the sidebar around it. */
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorContent digest={error.digest} reset={reset} />;
}
