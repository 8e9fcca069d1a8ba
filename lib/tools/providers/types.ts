/**
 * Vocabulary shared by the provider specification functions and the compatibility report.
 */
import { toolOutputSchema } from "../definition";
import type { Tool, ToolDefinition } from "../types";

/** The tool formats Quiver serves (SPEC §8: `?format=`). */
export const PROVIDER_FORMATS = ["openai", "anthropic", "gemini", "mcp"] as const;
export type ProviderFormat = (typeof PROVIDER_FORMATS)[number];

/** True when `value` names a supported format, e.g. a `format` query parameter. */
export function isProviderFormat(value: unknown): value is ProviderFormat {
  return typeof value === "string" && (PROVIDER_FORMATS as readonly string[]).includes(value);
}

/**
 * What the specification functions need of a tool; a draft in the editor has this shape too.
 * `method` (a data tool's HTTP method) only refines MCP's destructive hint; without it a
 * side-effecting tool is announced as possibly destructive.
 */
export type ToolShape = Pick<Tool, "name" | "description" | "parameters" | "sideEffect"> & {
  readonly origin?: Tool["origin"];
  readonly method?: Tool["method"];
  readonly outputSchema?: Tool["outputSchema"];
};

/** A draft definition as the tool it will become, method and output shape included, so a preview matches what is served. */
export function definitionShape(definition: ToolDefinition): ToolShape {
  const { name, description, parameters, sideEffect } = definition;
  const outputSchema = toolOutputSchema(definition);
  return { name, description, parameters, sideEffect, origin: "data", method: definition.request.method, ...(outputSchema === null ? {} : { outputSchema }) };
}

/**
 * How serious a finding is: `changed` — the specification for that provider differs from the
 * tool as written (something stripped or moved); `refused` — the provider rejects the tool as it
 * stands; `note` — accepted as sent, but worth knowing (a name outside MCP's recommended form,
 * a tool with side effects announced to MCP clients as possibly destructive).
 */
export type FindingSeverity = "changed" | "refused" | "note";

export interface CompatibilityFinding {
  readonly provider: ProviderFormat;
  readonly severity: FindingSeverity;
  /** Dotted location in the tool: `name`, `description`, `parameters.properties.city.default`. */
  readonly path: string;
  readonly message: string;
}

/**
 * What a provider makes of a tool as Quiver sends it: `strict` — accepted with strict mode on
 * (its arguments are sampled to fit the schema); `accepted` — accepted without; `refused` — the
 * provider rejects the tool as it stands (a finding of severity `refused` says why).
 */
export type ShapeVerdict = "strict" | "accepted" | "refused";

/** One tool as one provider receives it: the specification, and which variant it is and why. */
export interface ToolVariant<S> {
  readonly spec: S;
  readonly verdict: ShapeVerdict;
  /** One sentence for the operator: why this variant ("Sent with strict: false: …"). */
  readonly reason: string;
  /** The details behind it: each change, refusal or note, with its path. */
  readonly findings: readonly CompatibilityFinding[];
}

/** Which variant to build where a provider has two (OpenAI, Anthropic); absent means that provider's default. */
export interface ShapeOptions {
  readonly strict?: boolean;
}

/** The verdict every builder derives the same way: a refusal wins (its message is the reason), then strict, then accepted. */
export function variantOf<S>(spec: S, findings: readonly CompatibilityFinding[], strict: boolean, reason: string): ToolVariant<S> {
  const refusal = findings.find((finding) => finding.severity === "refused");
  if (refusal) return { spec, findings, verdict: "refused", reason: refusal.message };
  return { spec, findings, verdict: strict ? "strict" : "accepted", reason };
}

/** The end of a reason counting what was rewritten for `provider` ("; 3 keywords … are rewritten (details)"), or "". */
export function movedTail(changes: readonly CompatibilityFinding[], provider: string): string {
  if (changes.length === 0) return "";
  return changes.length === 1 ? `; 1 keyword ${provider} does not take is rewritten (details)` : `; ${changes.length} keywords ${provider} does not take are rewritten (details)`;
}
