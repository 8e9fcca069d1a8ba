import type { ValidationIssue } from "@/lib/errors";

/** The message of the first issue at `path` or inside it (`personaSlugs.2`), to show next to that field. */
export function fieldError(issues: readonly ValidationIssue[], path: string): string | undefined {
  return issues.find((issue) => issue.path === path || issue.path.startsWith(`${path}.`))?.message;
}
