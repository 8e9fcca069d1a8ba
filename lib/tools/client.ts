/**
 * The browser-safe entry point, for client components: the same `parseToolDefinition` the server
 * uses (so the editor validates as the operator types), the eval-free argument check of the
 * parameter forms, the canonical form, the parameter editor's model, provider specifications and
 * the compatibility report for a draft, and the vocabulary (methods, extract kinds, turn-context
 * fields). Nothing reachable from here imports Node-only code
 * (undici, node:dns, node:net, node:crypto…); `lib/architecture.test.ts` walks the imports to keep
 * it so. Server code imports `lib/tools` (index.ts), which re-exports all of this.
 */
export {
  BODY_FORMATS,
  EXTRACT_KINDS,
  HTTP_METHODS,
  QUERY_STYLES,
  SCHEMA_TYPES,
  type BodyFormat,
  type EvidenceSpec,
  type ExtractKind,
  type HaltSay,
  type HaltWhen,
  type HttpMethod,
  type JsonSchema,
  type JsonValue,
  type ObjectSchema,
  type QueryStyle,
  type RequestTemplate,
  type ResponseExtract,
  type SchemaType,
  type ToolAuth,
  type ToolDefinition,
} from "./types";
export { CONTEXT_FIELDS, soleReference, type ContextField, type TurnContext } from "./placeholders";
export { isValidPath, MISSING, walkPath } from "./paths";
export { TOOL_ERROR_TYPES, type ToolErrorType } from "./response";
export {
  checkAgainstSchema,
  compileSchemaPattern,
  HEADER_NAME_PATTERN,
  headerValueProblem,
  MAX_NAME_LENGTH,
  NAME_PATTERN,
  parseParameterSchema,
  parseToolDefinition,
  serializeToolDefinition,
  RESERVED_HEADER_NAMES,
  secretSlotsOf,
  toPersistedForm,
  withoutSecretValues,
  type SchemaCheck,
  type SchemaCheckError,
  type PersistedToolDefinition,
} from "./definition";
export * from "./providers";
export * from "./authoring";
