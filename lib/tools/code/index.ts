/**
 * Code tools and the registry: tools written in TypeScript (`defineTool`, the built-ins) and the
 * per-run set of tools, whatever their origin, that a registry binds, names and closes.
 */
export {
  callWithValidation,
  defineTool,
  ToolExecutionError,
  type CodeTool,
  type CodeToolCallContext,
  type CodeToolImplementation,
  type CodeToolOptions,
} from "./code-tool";
export {
  ToolRegistry,
  type RegistryEntry,
  type ToolClass,
  type ToolFactory,
  type ToolProvider,
} from "./registry";
export { BUILTIN_TOOL_NAMES, builtinTools, isBuiltinToolName, type BuiltinToolName } from "./builtin";
