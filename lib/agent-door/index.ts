/**
 * The agents' door (SPEC §8): what the runtime API's route handlers and the MCP server use.
 * Authenticate, rate-limit, list, call — each module does one of these.
 */
export { authenticateAgent, bearerToken, type AgentAuthResult, type AgentIdentity } from "./auth";
export { callAgentTool, type AgentCall, type AgentCallAnswer } from "./call";
export { flushCallLog, recordAgentCall, type CallLogEntry } from "./call-log";
export { agentError, agentErrorResponse, AGENT_ERROR_STATUS, type AgentErrorBody, type AgentErrorCode } from "./errors";
export { consumeAgentRateLimit } from "./rate-limit";
export { agentToolList, listAgentTools, type AgentToolList } from "./snapshot";
export { agentToolBudget, agentToolBudgets, budgetResponseBody, type PersonaBudget } from "./budget";
export { admitAgent, admitCaller, failureAnswer, MAX_CALL_BODY_BYTES, parseCallBody, readCappedText, webCallBody, type CallBody } from "./http";
export { runtimeOpenApiDocument } from "./openapi";
export * from "./api-keys";
export * from "./mcp/mcp-door";
export * from "./mcp/mcp-server";
export * from "./settings";
export { DOOR_PATH_PREFIX, handleDoorRequest } from "./gateway/door-routes";
export { handleOauthRouteRequest } from "./oauth/oauth-route";
