"use client";

import { useState, useTransition } from "react";
import { removeStaleToolNamesAction } from "@/app/(dashboard)/personas/actions";
import { Button } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import type { ActionResult } from "@/lib/actions/action-result";

/** Offers to remove a persona's stale tool names, and says what it did. */
export function StaleNamesCleanup({ persona, names, canClean }: { persona: string; names: readonly string[]; canClean: boolean }) {
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-amber-700 dark:text-amber-400">
      {names.length > 0 && <p>Names that match no tool (deleted or renamed): {names.join(", ")}. They are ignored.</p>}
      {canClean && names.length > 0 && (
        <Button variant="secondary" disabled={pending} onClick={() => startTransition(async () => setResult(await removeStaleToolNamesAction(persona)))}>
          Clean up stale names
        </Button>
      )}
      {result && <FormStatus ok={result.ok} message={result.message} />}
    </div>
  );
}
