/**
 * `convert_units`: converts a length, mass or temperature between units. Models are unreliable at
 * arithmetic with awkward factors (miles, ounces, Fahrenheit); this does it exactly.
 */
import { json } from "../../response";
import { defineTool, ToolExecutionError, type CodeTool } from "../code-tool";
import { dimensionOf, fromBase, toBase, UNIT_NAMES, type UnitName } from "./units";

interface ConvertUnitsArgs {
  readonly value: number;
  readonly from: UnitName;
  readonly to: UnitName;
}

/** Twelve significant digits hide binary floating-point noise (0.30000000000000004) without losing precision anyone needs. */
const SIGNIFICANT_DIGITS = 12;

const unitSchema = (description: string) => ({ type: "string" as const, enum: UNIT_NAMES, description });

/** Builds the tool. */
export function convertUnitsTool(): CodeTool {
  return defineTool<ConvertUnitsArgs>({
    name: "convert_units",
    description:
      "Convert a length, mass or temperature from one unit to another. Length: mm cm m km in ft yd mi. Mass: mg g kg t oz lb. Temperature: celsius fahrenheit kelvin.",
    parameters: {
      type: "object",
      properties: {
        value: { type: "number", description: "The quantity to convert." },
        from: unitSchema("The unit the value is in."),
        to: unitSchema("The unit to convert to; must measure the same thing."),
      },
      required: ["value", "from", "to"],
      additionalProperties: false,
    },
    timeoutSeconds: 2,
    async call({ value, from, to }) {
      if (dimensionOf(from) !== dimensionOf(to)) {
        throw new ToolExecutionError(
          `Cannot convert ${dimensionOf(from)} (${from}) to ${dimensionOf(to)} (${to}): both units must measure the same thing.`,
        );
      }
      const base = toBase(value, from);
      if (dimensionOf(from) === "temperature" && base < 0) {
        throw new ToolExecutionError(`${value} ${from} is below absolute zero.`);
      }
      const result = Number(fromBase(base, to).toPrecision(SIGNIFICANT_DIGITS));
      if (!Number.isFinite(result)) throw new ToolExecutionError("The result is too large to represent.");
      return json({ value, from, to, result });
    },
  });
}
