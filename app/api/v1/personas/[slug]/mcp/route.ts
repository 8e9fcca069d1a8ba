import { agentMcpDoor, answering, handleMcpRequest } from "@/lib/agent-door";

/**
 * A persona's MCP server (Streamable HTTP, stateless): every method goes to `handleMcpRequest`,
 * which admits the API key itself as the runtime API does (the proxy skips /api/) and answers
 * GET and DELETE with 405. An unexpected failure is a generic 500, logged.
 */
async function handle(request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await params;
  return answering(request, () => handleMcpRequest(request, slug, agentMcpDoor));
}

export { handle as DELETE, handle as GET, handle as POST };
