/**
 * Execution stage: a {@link ToolDefinition} and the model's arguments in, a `ToolResponse` out —
 * arguments checked, request rendered, secrets injected, sent through the destination guard under
 * the deadline, result extracted, halt decided. Argument validation is shared with code tools.
 */
export { executeTool, type ExecuteOptions } from "./executor";
export {
  AuthorizationError,
  type AuthorizedCall,
  type AuthorizedSend,
  type Authorize,
  type PreviewAuthorization,
} from "./credential-step";
export type { WireRequest } from "./send-request";
export { dataTool, type DataToolOptions } from "./data-tool";
export { DEFAULT_EXECUTION_CONFIG, executionConfigFromEnv, type ExecutionConfig } from "./execution-config";
export { describeArgumentIssues, validateArguments } from "./arguments";
export { curlCommand, shellQuote } from "./curl-command";
export { findBlockedDestination, guardedAgent } from "./destination-guard";
export { withSchemaDefaults } from "./argument-defaults";
// The executor's own stages, which the benchmark times one by one.
export { injectSecrets, redactJsonValue, redactorFor, type SecretSource } from "./execution-secrets";
export { extractResult, lazyJson } from "./extract";
