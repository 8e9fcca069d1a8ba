import type { ValidationIssue } from "@/lib/errors";

/** The issues at `path` or inside it (`personaSlugs.2`), for a field or a block that owns a subtree. */
export function issuesWithin(issues: readonly ValidationIssue[], path: string): ValidationIssue[] {
  return issues.filter((issue) => issue.path === path || issue.path.startsWith(`${path}.`));
}

/** The issues inside `path` with paths relative to it (`request.body.a` → `a`), for an editor of that subtree. */
export function issuesInside(issues: readonly ValidationIssue[], path: string): ValidationIssue[] {
  return issuesWithin(issues, path).map((issue) => ({ ...issue, path: issue.path.slice(path.length + 1) }));
}

/** The message of the first issue at `path` or inside it, to show next to that field. */
export function fieldError(issues: readonly ValidationIssue[], path: string): string | undefined {
  return issuesWithin(issues, path)[0]?.message;
}
