import type { ValidationIssue } from "@/lib/errors";

/** The message of the first issue at `path`, to show next to that field. */
export function fieldError(issues: readonly ValidationIssue[], path: string): string | undefined {
  return issues.find((issue) => issue.path === path)?.message;
}
