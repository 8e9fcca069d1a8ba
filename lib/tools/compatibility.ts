/**
 * The compatibility report (PROVIDERS.md): per provider, what the specification functions change
 * in a tool, what the provider would refuse, and what its strict mode would need — shown to an
 * operator at authoring time instead of an opaque provider failure later. It reads the same code
 * that builds the specifications, so the report cannot drift from what is sent.
 */
import { anthropicFindings } from "./providers/anthropic";
import { geminiFindings } from "./providers/gemini";
import { mcpFindings } from "./providers/mcp";
import { openaiFindings } from "./providers/openai";
import type { CompatibilityFinding, ProviderFormat, ToolShape } from "./providers/types";

export type { CompatibilityFinding, FindingSeverity } from "./providers/types";

export type CompatibilityReport = { readonly [F in ProviderFormat]: readonly CompatibilityFinding[] };

/** Every finding for `tool`, grouped by provider: name and description first, then the schema in written order. */
export function compatibilityReport(tool: ToolShape): CompatibilityReport {
  return {
    openai: openaiFindings(tool),
    anthropic: anthropicFindings(tool),
    gemini: geminiFindings(tool),
    mcp: mcpFindings(tool),
  };
}

