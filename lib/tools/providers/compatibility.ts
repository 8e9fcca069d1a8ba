/**
 * The compatibility report (PROVIDERS.md): per provider, what it makes of the tool — accepted as
 * strict, accepted, or refused, in one line with the reason — and the details behind that line:
 * what it would refuse and what the specification functions change — shown to an operator at
 * authoring time instead of an opaque provider failure later. The details list only what concerns
 * this tool: what holds for every tool (optional parameters made nullable for strict mode, objects
 * closed, the read-only hint of a tool without side effects) is left out, so a simple tool has
 * nothing to fold out. It reads the variants the specification functions build, so the report
 * cannot drift from what is sent.
 */
import { PROVIDER_FORMATS, toProviderVariants } from "./provider-specs";
import type { CompatibilityFinding, ProviderFormat, ShapeVerdict, ToolShape } from "./types";

export type { CompatibilityFinding, FindingSeverity } from "./types";

export type CompatibilityReport = { readonly [F in ProviderFormat]: readonly CompatibilityFinding[] };

/** One provider's line: its verdict on the tool as served by default, why, and the details. */
export interface CompatibilityLine {
  readonly provider: ProviderFormat;
  readonly verdict: ShapeVerdict;
  readonly reason: string;
  readonly findings: readonly CompatibilityFinding[];
}

/** One line per provider, in {@link PROVIDER_FORMATS} order, for the tool as each provider gets it by default. */
export function compatibilityLines(tool: ToolShape): CompatibilityLine[] {
  return PROVIDER_FORMATS.map((provider) => {
    const [variant] = toProviderVariants([tool], provider);
    return { provider, verdict: variant!.verdict, reason: variant!.reason, findings: variant!.findings };
  });
}

/** Every finding for `tool`, grouped by provider: name and description first, then the schema in written order; empty when it works as written. */
export function compatibilityReport(tool: ToolShape): CompatibilityReport {
  const lines = compatibilityLines(tool);
  return Object.fromEntries(lines.map((line) => [line.provider, line.findings])) as unknown as CompatibilityReport;
}
