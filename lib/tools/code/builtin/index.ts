/**
 * The built-in code tools every Quiver installation offers. Their names follow the data-tool name
 * rule (`^[a-z][a-z0-9_]*$`), so they share one namespace: the tool store refuses a data tool
 * named like any of {@link BUILTIN_TOOL_NAMES}.
 */
import type { Tool } from "../../types";
import { convertUnitsTool } from "./convert-units";
import { currentTimeTool } from "./current-time";
import { formatNumberTool } from "./format-number";

export const BUILTIN_TOOL_NAMES = ["current_time", "convert_units", "format_number"] as const;
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

/** True when `name` belongs to a built-in tool (so a data tool cannot take it). */
export function isBuiltinToolName(name: string): name is BuiltinToolName {
  return (BUILTIN_TOOL_NAMES as readonly string[]).includes(name);
}

/** Fresh instances of every built-in tool, in {@link BUILTIN_TOOL_NAMES} order. They hold no resources. */
export function builtinTools(): Tool[] {
  return [currentTimeTool(), convertUnitsTool(), formatNumberTool()];
}
