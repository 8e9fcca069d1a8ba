/**
 * Why one tool's specification is expensive, in figures and in words: its description, its enum
 * values, its parameters (how many, how deeply nested). The tokens are OpenAI's count (the one
 * real tokenizer), split into the description's, the enums' and the rest — names, types and the
 * declarations' punctuation — which is the parameters' share.
 */
import { o200kTokens } from "./token-count";

/** What dominates a tool's cost. */
export type CostDriver = "description" | "enums" | "nesting" | "parameters";

export interface CostReason {
  readonly driver: CostDriver;
  /** The driver in words: "long description (412 of 530 tokens)". */
  readonly summary: string;
  readonly descriptionTokens: number;
  readonly enumValues: number;
  readonly enumTokens: number;
  /** Properties at every level. */
  readonly properties: number;
  /** The deepest property's level: 1 for a flat tool, 0 without parameters. */
  readonly depth: number;
}

/** Parameters nested this deep are called out as nesting rather than as their count. */
export const DEEP_NESTING = 3;
/** From this many properties the parameters are called many. */
export const MANY_PROPERTIES = 10;

interface Measure {
  properties: number;
  depth: number;
  enumValues: number;
  enumTokens: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function measure(schema: unknown, level: number, into: Measure): void {
  if (!isRecord(schema)) return;
  if (Array.isArray(schema.enum)) {
    // OpenAI's strict variant adds `null` to an optional parameter's enum: not a value anyone wrote.
    const values = schema.enum.filter((value) => value !== null);
    into.enumValues += values.length;
    into.enumTokens += o200kTokens(values.map((value) => JSON.stringify(value)).join(" | "));
  }
  if (isRecord(schema.properties)) {
    for (const child of Object.values(schema.properties)) {
      into.properties += 1;
      into.depth = Math.max(into.depth, level + 1);
      measure(child, level + 1, into);
    }
  }
  // An array's items and a union's branches sit at the level of the property that holds them.
  measure(schema.items, level, into);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const branches = schema[key];
    if (Array.isArray(branches)) for (const branch of branches) measure(branch, level, into);
  }
}

const plural = (count: number, one: string, other = `${one}s`) => `${count} ${count === 1 ? one : other}`;

/**
 * Why a tool with `description` and `parameters` costs `tokens` (its OpenAI count): the largest
 * of the description's, the enums' and the parameters' shares, ties going in that order.
 */
export function costReason(description: string, parameters: unknown, tokens: number): CostReason {
  const into: Measure = { properties: 0, depth: 0, enumValues: 0, enumTokens: 0 };
  measure(parameters, 0, into);
  const descriptionTokens = o200kTokens(description);
  const parameterTokens = Math.max(0, tokens - descriptionTokens - into.enumTokens);
  const figures = { descriptionTokens, ...into };
  if (descriptionTokens >= into.enumTokens && descriptionTokens >= parameterTokens) {
    return { ...figures, driver: "description", summary: `long description (${descriptionTokens} of ${plural(tokens, "token")})` };
  }
  if (into.enumTokens >= parameterTokens) {
    return { ...figures, driver: "enums", summary: `large enums (${plural(into.enumValues, "value")}, ${plural(into.enumTokens, "token")})` };
  }
  if (into.depth >= DEEP_NESTING) {
    return { ...figures, driver: "nesting", summary: `deep nesting (${into.depth} levels, ${plural(into.properties, "property", "properties")})` };
  }
  const which = into.properties >= MANY_PROPERTIES ? "many parameters" : "its parameters";
  return { ...figures, driver: "parameters", summary: `${which} (${plural(into.properties, "property", "properties")}, ${plural(parameterTokens, "token")})` };
}
