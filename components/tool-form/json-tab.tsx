"use client";

import { JsonEditor } from "@/components/ui/json-editor";
import type { ValidationIssue } from "@/lib/errors";
import { IssueList } from "./issue-list";

interface JsonTabProps {
  readonly text: string;
  readonly onChange: (text: string) => void;
  readonly issues: readonly ValidationIssue[];
  readonly readOnly: boolean;
}

/** The tool editor's JSON tab: the whole definition in its persisted form, with its problems listed below. */
export function JsonTab({ text, onChange, issues, readOnly }: JsonTabProps) {
  return (
    <div className="grid gap-2">
      <JsonEditor label="Tool definition (JSON)" value={text} onChange={onChange} issues={issues} readOnly={readOnly} minHeight="24rem" />
      <p className="text-xs text-muted-foreground">
        The whole definition in its persisted form. Secret header and query values are never shown here (a secret query key is listed in secret_query with an empty value); set them in the form. Pasting the flat parameter list lifts it to JSON Schema.
      </p>
      <IssueList label="JSON problems" issues={issues} />
    </div>
  );
}
