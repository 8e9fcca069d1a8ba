/**
 * Provider specifications: a tool list in OpenAI, Anthropic, Gemini or MCP format (strict variants
 * included), the compatibility report that tells an operator what each provider makes of a tool,
 * and the way back from a strict schema's arguments.
 */
export {
  definitionShape,
  isProviderFormat,
  PROVIDER_FORMATS,
  STRICT_DEFAULTS,
  toProviderSpecs,
  toProviderVariants,
  type AnthropicToolSpec,
  type GeminiFunctionDeclaration,
  type McpToolSpec,
  type OpenAIToolSpec,
  type ProviderFormat,
  type ProviderSpecs,
  type ShapeOptions,
  type ShapeVerdict,
  type ToolShape,
  type ToolVariant,
} from "./provider-specs";
export {
  compatibilityLines,
  compatibilityReport,
  type CompatibilityFinding,
  type CompatibilityLine,
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
export { argumentsFromStrict } from "./strict-arguments";
