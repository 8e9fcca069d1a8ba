import { runtimeOpenApiDocument } from "@/lib/agent-door";

/** The runtime API's OpenAPI 3.1 document; public, like any API's published contract. */
export function GET(request: Request): Response {
  return Response.json(runtimeOpenApiDocument(new URL(request.url).origin));
}
