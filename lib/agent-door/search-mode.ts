import "server-only";

/**
 * Search mode at the agents' door (issue 28): a persona in search mode lists three meta-tools
 * (lib/tools/search/meta-tools.ts) instead of its tools, and this module answers their calls on
 * either door. `search_tools` and `describe_tool` read the persona's effective tools — the same
 * set a direct call is checked against (grant minus switches, live), from the door's snapshot,
 * whose index is built once per stored state — so a tool switched off or outside the grant can be
 * neither found nor described. `call_tool` hands the real tool to the ordinary call path, which
 * makes every check a direct call makes (effective set, turn context, argument validation, the
 * tool's own run, the call log — as the real tool, marked as called through search mode); the
 * HTTP request it came in was already admitted and counted against the key's rate limit.
 *
 * A tool the persona does not have, named to `describe_tool` or `call_tool`, is a tool failure
 * (`validation_error`) the model can read and recover from, worded like the door's refusal so it
 * says nothing about whether such a tool exists elsewhere.
 */
import {
  CALL_TOOL,
  DESCRIBE_TOOL,
  describeArgumentIssues,
  error,
  isMetaTool,
  json,
  metaTool,
  SEARCH_TOOLS,
  toolResponseToJSON,
  toProviderSpecs,
  validateArguments,
  withSchemaDefaults,
  type ProviderFormat,
  type ToolResponse,
} from "../tools";
import type { AgentCall, AgentCallAnswer } from "./call";
import { agentSearchState } from "./snapshot";

/** A meta-tool's own answer, as a run of a tool. */
function answered(response: ToolResponse): AgentCallAnswer {
  return { ok: true, result: toolResponseToJSON(response), response, declaresOutput: false };
}

function noSuchTool(persona: string, name: string): AgentCallAnswer {
  return answered(error(`Persona "${persona}" has no tool named "${name}". Find its tools with ${SEARCH_TOOLS}.`, "validation_error"));
}

/** The format `describe_tool` answers in when not asked: MCP's on MCP; on the runtime API the call URL's `?format=`, else MCP's (JSON Schema). */
function defaultFormat(call: AgentCall): ProviderFormat {
  return call.channel === "api" && call.format ? call.format : "mcp";
}

/** Whether `call` names one of search mode's meta-tools (and is not search mode's own call_tool coming back): only then may {@link answerMetaTool} answer it. */
export function isMetaToolCall(call: AgentCall): boolean {
  return !call.viaSearch && isMetaTool(call.toolName);
}

/**
 * Answers `call`, a meta-tool call ({@link isMetaToolCall}: the caller asks first, without waiting),
 * if its persona is in search mode; null otherwise (the name is then an ordinary tool name: a real
 * tool of the same name, or none). `runTool` is the door's ordinary call path, for `call_tool`.
 */
export async function answerMetaTool(call: AgentCall, runTool: (call: AgentCall) => Promise<AgentCallAnswer>): Promise<AgentCallAnswer | null> {
  const persona = call.identity.personaSlug;
  const state = await agentSearchState(persona, call.identity.catalogStamp);
  if (state === null || !state.searchMode) return null;
  const { parameters } = metaTool(call.toolName);
  const args = withSchemaDefaults(parameters, call.arguments ?? {}) as Record<string, unknown>;
  const issues = validateArguments(parameters, args);
  if (issues.length > 0) return answered(error(describeArgumentIssues(issues), "validation_error"));

  if (call.toolName === SEARCH_TOOLS) {
    const tools = state.index.search(args.query as string, args.limit as number);
    return answered(json({ tools, next: tools.length > 0 ? `${DESCRIBE_TOOL} gives a tool's parameters; ${CALL_TOOL} runs it.` : "Nothing matched: try other words." }));
  }
  const name = args.name as string;
  if (call.toolName === DESCRIBE_TOOL) {
    const tool = state.tools.find((candidate) => candidate.name === name);
    if (!tool) return noSuchTool(persona, name);
    return answered(json(toProviderSpecs([tool], (args.format as ProviderFormat | undefined) ?? defaultFormat(call))[0]));
  }
  const answer = await runTool({ ...call, toolName: name, arguments: args.arguments ?? {}, viaSearch: true });
  return !answer.ok && answer.status === 404 ? noSuchTool(persona, name) : answer;
}
