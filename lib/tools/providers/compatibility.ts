/**
 * The compatibility report (PROVIDERS.md): per provider, what it would refuse and what the
 * specification functions change in the tool — shown to an operator at authoring time instead of
 * an opaque provider failure later. It lists only what concerns this tool: a remark that would
 * hold for every tool (what strict modes Quiver never turns on would want, the read-only hint of a
 * tool without side effects) is left out, so a simple tool gets an empty report. It reads the same
 * code that builds the specifications, so the report cannot drift from what is sent.
 */
import { anthropicFindings } from "./anthropic";
import { geminiFindings } from "./gemini";
import { mcpFindings } from "./mcp";
import { openaiFindings } from "./openai";
import type { CompatibilityFinding, ProviderFormat, ToolShape } from "./types";

export type { CompatibilityFinding, FindingSeverity } from "./types";

export type CompatibilityReport = { readonly [F in ProviderFormat]: readonly CompatibilityFinding[] };

/** Every finding for `tool`, grouped by provider: name and description first, then the schema in written order; empty when it works as written. */
export function compatibilityReport(tool: ToolShape): CompatibilityReport {
  return {
    openai: openaiFindings(tool),
    anthropic: anthropicFindings(tool),
    gemini: geminiFindings(tool),
    mcp: mcpFindings(tool),
  };
}

