import { admitAgent, agentError, agentErrorResponse, agentToolList, answering } from "@/lib/agent-door";
import { isProviderFormat, PROVIDER_FORMATS } from "@/lib/tools";

/** Whether `If-None-Match` names `etag` (a list, weak tags and `*` included). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === etag;
  });
}

/**
 * The persona's effective tools as one provider's tool specifications (SPEC §8). The ETag is the
 * hash of the specifications, so an agent polling with If-None-Match gets 304 until a tool, a
 * switch or a grant changes what it would receive.
 */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  return answering(request, async () => {
    const { slug } = await params;
    const admitted = await admitAgent(request, slug);
    if (!admitted.ok) return admitted.response;
    const format = new URL(request.url).searchParams.get("format");
    if (!isProviderFormat(format)) {
      const allowed = PROVIDER_FORMATS.join(", ");
      const message = format === null ? `Add ?format= with one of: ${allowed}.` : `Unknown format "${format}"; use one of: ${allowed}.`;
      return agentErrorResponse(agentError("bad_request", message));
    }
    const list = await agentToolList(slug, format, admitted.identity.catalogStamp);
    if (list === null) return agentErrorResponse(agentError("not_found", `There is no persona "${slug}".`));
    const headers = { ETag: list.etag, "Cache-Control": "private, no-cache" };
    if (matches(request.headers.get("if-none-match"), list.etag)) return new Response(null, { status: 304, headers });
    return Response.json({ persona: slug, format, tools: list.specs }, { headers });
  });
}
