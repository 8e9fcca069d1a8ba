/**
 * The tool library's one public entry point: everything outside `lib/tools` imports from here
 * (client components import the browser-safe part, `./client`, which this file re-exports whole).
 * A persisted document becomes a `ToolDefinition` (definition/), runs to a `ToolResponse`
 * (execution/); code tools and the registry (code/) and the provider formats (providers/) work on
 * any `Tool`; authoring/ is the parameter editor's model. Test support lives in `./testing`, not
 * here. See README.md beside this file.
 */
export * from "./client";
export type { CallContext, Tool } from "./types";
export { AbortSwitch, type CancelSignal } from "./abort-switch";
export {
  error,
  json,
  text,
  toolResponseToJSON,
  type AgentToolResult,
  type ExecutionMetadata,
  type HaltOutcome,
  type RequestPreview,
  type ToolErrorType,
  type ToolResponse,
} from "./response";
export { matchesToolSearch, type SearchableTool } from "./tool-search";
export * from "./search";
export * from "./budget";
export {
  AuthorizationError,
  curlCommand,
  dataTool,
  DEFAULT_EXECUTION_CONFIG,
  describeArgumentIssues,
  executeTool,
  executionConfigFromEnv,
  findBlockedDestination,
  guardedAgent,
  validateArguments,
  withSchemaDefaults,
  type AuthorizedCall,
  type AuthorizedSend,
  type Authorize,
  type DataToolOptions,
  type ExecuteOptions,
  type ExecutionConfig,
  type PreviewAuthorization,
  type SecretSource,
  type WireRequest,
} from "./execution";
export * from "./code";
