import { admitAgent, agentErrorResponse, answering, callAgentTool, parseCallBody, readCappedText } from "@/lib/agent-door";

/**
 * Calls one of the persona's tools for an agent (SPEC §8): `{arguments, context}` in, the
 * ToolResponse as JSON out. A tool outside the persona's effective set is 404 and never runs.
 * `request.signal` reaches the upstream, so an agent that hangs up stops the call.
 */
export async function POST(request: Request, { params }: { params: Promise<{ slug: string; name: string }> }): Promise<Response> {
  return answering(request, async () => {
    const { slug, name } = await params;
    const admitted = await admitAgent(request, slug);
    if (!admitted.ok) return admitted.response;
    const text = await readCappedText(request);
    if (!text.ok) return agentErrorResponse(text);
    const body = parseCallBody(text.text);
    if (!body.ok) return agentErrorResponse(body);
    const answer = await callAgentTool({
      identity: admitted.identity,
      toolName: name,
      arguments: body.arguments,
      context: body.context,
      channel: "api",
      signal: request.signal,
    });
    return answer.ok ? Response.json(answer.result) : agentErrorResponse(answer);
  });
}
