/**
 * The tool library's one public entry point: everything outside `lib/tools` imports from here.
 * A persisted document becomes a `ToolDefinition` (definition/), runs to a `ToolResponse`
 * (execution/); code tools and the registry (code/) and the provider formats (providers/) work on
 * any `Tool`. Test support lives in `./testing`, not here. See README.md beside this file.
 */
export type {
  CallContext,
  EvidenceSpec,
  ExtractKind,
  HaltSay,
  HaltWhen,
  HttpMethod,
  JsonSchema,
  JsonValue,
  ObjectSchema,
  RequestTemplate,
  ResponseExtract,
  SchemaType,
  Tool,
  ToolDefinition,
} from "./types";
export {
  error,
  json,
  text,
  toolResponseToJSON,
  type ExecutionMetadata,
  type HaltOutcome,
  type RequestPreview,
  type ToolErrorType,
  type ToolResponse,
} from "./response";
export type { ContextField, TurnContext } from "./placeholders";
export { matchesToolSearch, type SearchableTool } from "./tool-search";

export {
  parseToolDefinition,
  serializeToolDefinition,
  toPersistedForm,
  withoutSecretValues,
  type PersistedToolDefinition,
} from "./definition";
export {
  dataTool,
  DEFAULT_EXECUTION_CONFIG,
  executeTool,
  executionConfigFromEnv,
  type DataToolOptions,
  type ExecuteOptions,
  type ExecutionConfig,
  type SecretSource,
} from "./execution";
export * from "./code";
export * from "./providers";
