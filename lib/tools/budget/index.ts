/** Context budget: what tool specifications cost a model's context, per provider (server side: the tokenizer is large). */
export * from "./context-budget";
export { type CostDriver, type CostReason, DEEP_NESTING } from "./cost-reasons";
export { ANTHROPIC_TOKEN_FACTOR, ANTHROPIC_TOOL_SYSTEM_PROMPT_TOKENS, o200kTokens } from "./token-count";
