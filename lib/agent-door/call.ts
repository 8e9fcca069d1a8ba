import "server-only";

/**
 * One agent call (SPEC §8), shared by the runtime API and the MCP server: the tool must be in the
 * persona's effective set now (otherwise 404 and nothing runs), the turn context must be the
 * closed list of fields, the arguments come back from a strict schema's form (a null for an omitted
 * optional key is dropped: `argumentsFromStrict`), the tool runs through the same path as everywhere
 * else (its `call`, which validates and fills schema defaults), and the agent gets `toolResponseToJSON` — a tool's own
 * failure is still a 200 with `ok: false`, since the call itself was carried out. Every call that
 * reached a tool is recorded in the call log. The answer is typed: a run (its result as the agent
 * sees it) or a refusal (nothing ran); the runtime API and MCP each map it their own way.
 */
import { ValidationError } from "../errors";
import { createRedactor } from "../secrets";
import { argumentsFromStrict, dataTool, type CancelSignal, toolResponseToJSON, type AgentToolResult, type ProviderFormat, type SecretSource, type Tool, type ToolResponse } from "../tools";
import { getExecutionConfig } from "../setup";
import { parseTurnContext } from "../playground";
import { toolAuthorization, toolSecretSource } from "../catalog";
import type { AgentIdentity } from "./auth";
import { logPayload, recordAgentCall } from "./call-log";
import { countToolCall } from "../observability/metrics";
import { contextFromMeta, linksToActiveSpan, markSpanFailed, traced, tracingEnabled, type Span } from "../observability/tracing";
import { agentError, type AgentRefusal } from "./errors";
import { answerMetaTool, isMetaToolCall } from "./search-mode";
import { agentCallTarget, type StoredDataTool } from "./snapshot";

export interface AgentCall {
  readonly identity: AgentIdentity;
  readonly toolName: string;
  readonly arguments: unknown;
  readonly context: unknown;
  readonly channel: "api" | "mcp";
  readonly signal?: CancelSignal;
  /** Where an MCP request carries its caller's trace context (`params._meta`, SEP-414). */
  readonly meta?: Readonly<Record<string, unknown>>;
  /** The format the agent lists tools in (the runtime API's `?format=` on the call), for search mode's describe_tool. */
  readonly format?: ProviderFormat;
  /** Set by search mode's call_tool: the real tool's call, logged as having come through search mode. */
  readonly viaSearch?: boolean;
}

/** The tool ran: what the agent gets (redacted), and the tool's own response (already redacted by the executor). */
export interface AgentToolRun {
  readonly ok: true;
  readonly result: AgentToolResult;
  readonly response: ToolResponse;
  /** The tool lists an `outputSchema`: its successful results are checked objects. */
  readonly declaresOutput: boolean;
}

/** What one agent call answered: a run, or a refusal before anything ran (unknown tool or persona, bad context). */
export type AgentCallAnswer = AgentToolRun | AgentRefusal;

/** A data tool bound for this one call, with a secret source and credential step that remember what they handed out. */
function boundForCall(stored: StoredDataTool, used: string[]): Tool {
  const source = toolSecretSource(stored.id, stored.version);
  const capturing: SecretSource = async () => {
    const values = await source();
    used.push(...Object.values(values).filter((value) => value !== ""));
    return values;
  };
  const authorize = toolAuthorization(stored.definition, (plaintexts) => used.push(...plaintexts));
  return dataTool(stored.definition, { secrets: capturing, authorize, config: getExecutionConfig() });
}

function outcomeOf(response: ToolResponse): "success" | "halt" | "error" {
  if (!response.ok) return "error";
  return response.halt ? "halt" : "success";
}

/**
 * Runs one tool for an agent; see the module comment. With tracing on it is one span
 * (`execute_tool NAME`, or `tools/call NAME` on MCP) inside the request's — or, when an MCP
 * request's `_meta` carries a trace context, inside the caller's trace, linked to the request's.
 */
export function callAgentTool(call: AgentCall): Promise<AgentCallAnswer> {
  const operation = call.channel === "mcp" ? "tools/call" : "execute_tool";
  // Tracing off (the default): no span, so nothing to build for one on agents' hot path.
  if (!tracingEnabled()) return runAgentTool(call, null, operation);
  const callerContext = contextFromMeta(call.meta);
  const options = callerContext === null ? {} : { parent: callerContext, links: linksToActiveSpan() };
  return traced(operation, { ...options, attributes: { "quiver.door": call.channel, "quiver.persona": call.identity.personaSlug, "quiver.caller.name": call.identity.keyName } }, (span) =>
    runAgentTool(call, span, operation),
  );
}

async function runAgentTool(call: AgentCall, span: Span | null, operation: string): Promise<AgentCallAnswer> {
  // Search mode's meta-tools (asked without waiting: most calls name an ordinary tool); call_tool comes back here with the real tool's name.
  if (isMetaToolCall(call)) {
    const meta = await answerMetaTool(call, (inner) => runAgentTool(inner, span, operation));
    if (meta !== null) return meta;
  }
  const started = performance.now();
  const { identity, toolName } = call;
  const target = await agentCallTarget(identity.personaSlug, toolName, identity.catalogStamp);
  if (!target.persona) return agentError("not_found", `There is no persona "${identity.personaSlug}".`);
  if (target.tool === null) {
    // Disabled, outside the grant or unknown: the same answer, so a key cannot map what is switched off.
    return agentError("not_found", `Persona "${identity.personaSlug}" has no tool named "${toolName}".`);
  }
  // Named only now: a name the persona does not have is the agent's free text.
  span?.updateName(`${operation} ${toolName}`);
  span?.setAttribute("gen_ai.tool.name", toolName);
  if (call.viaSearch) span?.setAttribute("quiver.via_search", true);
  let context;
  try {
    context = parseTurnContext(call.context);
  } catch (error) {
    if (error instanceof ValidationError) return agentError("bad_request", error.message);
    throw error;
  }
  // A strict-shaped tool's model sends null for an optional key it leaves out: absent again before validation.
  const args = argumentsFromStrict(target.tool.parameters, call.arguments === undefined ? {} : call.arguments);
  const used: string[] = [];
  const tool = target.stored ? boundForCall(target.stored, used) : target.tool;
  const response = await tool.call(args, { context, signal: call.signal });
  // The executor already redacted the response; this second pass costs nothing when no secret was read.
  const { redactValue } = createRedactor(used);
  const result = redactValue(toolResponseToJSON(response));
  const outcome = outcomeOf(response);
  const errorType = response.ok ? null : response.errorType;
  span?.setAttribute("quiver.outcome", outcome);
  if (errorType !== null) markSpanFailed(span, errorType);
  countToolCall({ door: call.channel, persona: identity.personaSlug, tool: toolName, outcome, errorType });
  recordAgentCall({
    createdAt: new Date(),
    apiKeyId: identity.keyId,
    apiKeyName: identity.keyName,
    personaSlug: identity.personaSlug,
    toolName,
    channel: call.channel,
    viaSearch: call.viaSearch === true,
    outcome,
    errorType,
    httpStatus: 200,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    arguments: target.logPayloads ? logPayload(redactValue(args)) : null,
    result: target.logPayloads ? logPayload(result) : null,
  });
  return { ok: true, result, response, declaresOutput: tool.outputSchema !== undefined };
}
