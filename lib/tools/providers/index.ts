/**
 * Provider specifications: a tool list in OpenAI, Anthropic, Gemini or MCP format, and the
 * compatibility report that tells an operator what each provider would change or refuse.
 */
export {
  definitionShape,
  isProviderFormat,
  PROVIDER_FORMATS,
  toProviderSpecs,
  type AnthropicToolSpec,
  type GeminiFunctionDeclaration,
  type McpToolSpec,
  type OpenAIToolSpec,
  type ProviderFormat,
  type ProviderSpecs,
  type ToolShape,
} from "./provider-specs";
export {
  compatibilityReport,
  type CompatibilityFinding,
  type CompatibilityReport,
  type FindingSeverity,
} from "./compatibility";
export {
  ANTHROPIC_TOOL_SEARCH_TOOL,
  anthropicDeferredSpecs,
  hasNativeDeferredLoading,
  NATIVE_DEFERRED_FORMATS,
  type AnthropicDeferredList,
  type AnthropicDeferredToolSpec,
} from "./deferred";
