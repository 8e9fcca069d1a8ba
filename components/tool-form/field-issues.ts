import type { ValidationIssue } from "@/lib/errors";

/** The DOM id of the control that edits `path`, so an error summary can link to it. */
export function controlId(path: string): string {
  return `field-${path.replace(/[^a-zA-Z0-9_-]+/g, "-")}`;
}

/** Messages of the issues exactly at `path`. */
export function issuesAt(issues: readonly ValidationIssue[], path: string): string | undefined {
  const messages = issues.filter((issue) => issue.path === path).map((issue) => issue.message);
  return messages.length > 0 ? messages.join("; ") : undefined;
}
