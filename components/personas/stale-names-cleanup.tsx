"use client";

import { TriangleAlert } from "lucide-react";
import { useState, useTransition } from "react";
import { removeStaleToolNamesAction } from "@/lib/personas/server/actions";
import { Button } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import type { ActionResult } from "@/lib/actions/action-result";

/**
 * Offers to remove the names of deleted or renamed tools from a persona's grant and disabled list,
 * and says what it did. The code calls them "stale names"; the page says what they are.
 */
export function StaleNamesCleanup({ persona, names, canClean }: { persona: string; names: readonly string[]; canClean: boolean }) {
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  if (names.length === 0 && !result) return null;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-3 rounded-md border border-warning/40 bg-warning-subtle px-3 py-2 text-sm text-warning-foreground">
      {names.length > 0 && (
        <p className="flex min-w-0 flex-1 items-start gap-2">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>Names that match no tool (deleted or renamed): {names.join(", ")}. They are ignored.</span>
        </p>
      )}
      {canClean && names.length > 0 && (
        <Button variant="secondary" size="sm" disabled={pending} onClick={() => startTransition(async () => setResult(await removeStaleToolNamesAction(persona)))}>
          Remove names of deleted tools
        </Button>
      )}
      {result && <FormStatus ok={result.ok} message={result.message} />}
    </div>
  );
}
