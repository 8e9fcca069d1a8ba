import { ValidationError, type ValidationIssue } from "@/lib/errors";
import { parseToolDefinition, type ToolDefinition } from "@/lib/tools/client";

/** A document the rules allow (no issues), or the issues that stop it. */
export type Checked = { definition: ToolDefinition; issues: ValidationIssue[] } | { definition: null; issues: ValidationIssue[] };

/** The one validator's verdict on a document, plus the draft's own conversion problems. */
export function checkDocument(document: unknown, draftIssues: readonly ValidationIssue[]): Checked {
  try {
    const definition = parseToolDefinition(document);
    return draftIssues.length > 0 ? { definition: null, issues: [...draftIssues] } : { definition, issues: [] };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const seen = new Set(draftIssues.map((issue) => issue.path));
    return { definition: null, issues: [...draftIssues, ...error.issues.filter((issue) => !seen.has(issue.path))] };
  }
}
