import "server-only";

/**
 * One agent call (SPEC §8), shared by the runtime API and the MCP server: the tool must be in the
 * persona's effective set now (otherwise 404 and nothing runs), the turn context must be the
 * closed list of fields, the tool runs through the same path as everywhere else (its `call`, which
 * validates and fills schema defaults), and the agent gets `toolResponseToJSON` — a tool's own
 * failure is still a 200 with `ok: false`, since the call itself was carried out. Every call that
 * reached a tool is recorded in the call log.
 */
import { ValidationError } from "../../errors";
import { createRedactor } from "../../secrets/redact";
import { dataTool, toolResponseToJSON, type SecretSource, type Tool, type ToolResponse } from "../../tools";
import { getExecutionConfig } from "../configuration";
import { parseTurnContext } from "../playground";
import { toolAuthorization, toolSecretSource } from "../tool-catalog";
import type { AgentIdentity } from "./auth";
import { logPayload, recordAgentCall } from "./call-log";
import { agentError, type AgentErrorBody } from "./errors";
import { agentCallTarget, type StoredDataTool } from "./snapshot";

export interface AgentCall {
  readonly identity: AgentIdentity;
  readonly toolName: string;
  readonly arguments: unknown;
  readonly context: unknown;
  readonly channel: "api" | "mcp";
  readonly signal?: AbortSignal;
}

export interface AgentCallAnswer {
  readonly status: number;
  /** `toolResponseToJSON(response)`, or an {@link AgentErrorBody} when nothing ran. */
  readonly body: unknown;
  /** The tool's response (already redacted by the executor); null when nothing ran. */
  readonly response: ToolResponse | null;
}

const refused = ({ status, body }: { status: number; body: AgentErrorBody }): AgentCallAnswer => ({ status, body, response: null });

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

/** Runs one tool for an agent; see the module comment. */
export async function callAgentTool(call: AgentCall): Promise<AgentCallAnswer> {
  const started = performance.now();
  const { identity, toolName } = call;
  const target = await agentCallTarget(identity.personaSlug, toolName, identity.catalogStamp);
  if (!target.persona) return refused(agentError("not_found", `There is no persona "${identity.personaSlug}".`));
  if (target.tool === null) {
    // Disabled, outside the grant or unknown: the same answer, so a key cannot map what is switched off.
    return refused(agentError("not_found", `Persona "${identity.personaSlug}" has no tool named "${toolName}".`));
  }
  let context;
  try {
    context = parseTurnContext(call.context);
  } catch (error) {
    if (error instanceof ValidationError) return refused(agentError("bad_request", error.message));
    throw error;
  }
  const args = call.arguments === undefined ? {} : call.arguments;
  const used: string[] = [];
  const tool = target.stored ? boundForCall(target.stored, used) : target.tool;
  const response = await tool.call(args, { context, signal: call.signal });
  // The executor already redacted the response; this second pass costs nothing when no secret was read.
  const { redactValue } = createRedactor(used);
  const body = redactValue(toolResponseToJSON(response));
  recordAgentCall({
    createdAt: new Date(),
    apiKeyId: identity.keyId,
    apiKeyName: identity.keyName,
    personaSlug: identity.personaSlug,
    toolName,
    channel: call.channel,
    outcome: outcomeOf(response),
    errorType: response.ok ? null : response.errorType,
    httpStatus: 200,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    arguments: target.logPayloads ? logPayload(redactValue(args)) : null,
    result: target.logPayloads ? logPayload(body) : null,
  });
  return { status: 200, body, response };
}
