import { AlertTriangle, History } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ValidationIssue } from "@/lib/errors";
import { formatTime } from "@/components/usage/format";
import { controlId } from "./field-issues";
import type { DraftOffer } from "./kept-draft";
import type { SaveFailure } from "./use-tool-save";

/**
 * What stops the tool from being saved, each problem linking to its field. Save focuses this list
 * (`#editor-problems`) when it refuses, so a screen reader reads it and the keyboard starts here.
 */
export function EditorProblems({ problems }: { readonly problems: readonly ValidationIssue[] }) {
  return (
    <div id="editor-problems" tabIndex={-1} role="alert" className="rounded-lg border border-danger/40 bg-danger-subtle p-4 text-sm text-danger-foreground outline-none">
      <p className="font-medium">
        {problems.length === 1 ? "1 problem stops" : `${problems.length} problems stop`} this tool from being saved:
      </p>
      <ul className="mt-2 grid list-disc gap-1 pl-5">
        {problems.map((issue, index) => (
          <li key={index}>
            <a href={`#${controlId(issue.path)}`} className="underline underline-offset-2">
              <code className="font-mono">{issue.path || "document"}</code>
            </a>{" "}
            {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Why the server refused the save; a stale version offers to reload it with these edits reapplied. */
export function SaveFailureAlert({ failure, onReapply }: { readonly failure: SaveFailure; readonly onReapply: () => void }) {
  return (
    <div role="alert" className="grid gap-3 rounded-lg border border-warning/50 bg-warning-subtle p-4 text-sm text-warning-foreground">
      <p className="flex items-start gap-2">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>{failure.message}</span>
      </p>
      {failure.conflict && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onReapply}>
            Load the latest version and reapply my edits
          </Button>
        </div>
      )}
    </div>
  );
}

/** The offer of a draft an earlier load of this page kept (an accidental reload loses nothing). */
export function KeptDraftOffer({ offer }: { readonly offer: DraftOffer }) {
  // The offer goes away once answered: the operator carries on from the tool's first field.
  const answer = (choice: () => void) => () => {
    choice();
    requestAnimationFrame(() => document.getElementById(controlId("name"))?.focus());
  };
  return (
    <div role="status" className="grid gap-3 rounded-lg border border-info/40 bg-info-subtle p-4 text-sm text-info-foreground sm:flex sm:items-center sm:justify-between">
      <p className="flex items-start gap-2">
        <History aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          Unsaved changes from {formatTime(new Date(offer.keptAt))} were kept in this tab. Secret values are never kept: enter them again after restoring.
        </span>
      </p>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" size="sm" onClick={answer(offer.discard)}>
          Discard them
        </Button>
        <Button size="sm" onClick={answer(offer.restore)}>
          Restore changes
        </Button>
      </div>
    </div>
  );
}
