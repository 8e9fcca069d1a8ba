import type { ValidationIssue } from "@/lib/errors";

/** The problems of a JSON editor, each with its path, under the editor (and read by screen readers). */
export function IssueList({ label, issues, pathPrefix = "" }: { label: string; issues: readonly ValidationIssue[]; pathPrefix?: string }) {
  if (issues.length === 0) return null;
  return (
    <ul aria-label={label} className="grid gap-1 text-xs text-danger-foreground">
      {issues.map((issue, index) => (
        <li key={index}>
          <code className="font-mono">{[pathPrefix, issue.path].filter(Boolean).join(".") || "document"}</code> {issue.message}
        </li>
      ))}
    </ul>
  );
}
