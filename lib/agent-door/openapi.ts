import "server-only";
/**
 * The runtime API described as an OpenAPI 3.1 document, served at /api/v1/openapi.json so agent
 * developers (and code generators) read the contract from the server they call. Kept beside the
 * handlers' shared plumbing; its test checks it against what the handlers answer.
 */
import { CONTEXT_FIELDS, PROVIDER_FORMATS } from "../tools";
import { AGENT_ERROR_STATUS } from "./errors";
import { MAX_CALL_BODY_BYTES } from "./http";

const json = (schema: object) => ({ "application/json": { schema } });
const errorRef = { $ref: "#/components/schemas/Error" };
const errorResponse = (description: string, headers?: object) => ({ description, content: json(errorRef), ...(headers ? { headers } : {}) });

const commonRefusals = {
  "401": errorResponse("Missing, unknown, revoked or expired API key.", { "WWW-Authenticate": { schema: { type: "string" } } }),
  "403": errorResponse("The API key may not act as this persona."),
  "404": errorResponse("No such persona (after a valid key), or for a call: the tool is not in the persona's effective set."),
  "429": errorResponse("The key's rate limit is spent.", { "Retry-After": { description: "Seconds until a call is allowed.", schema: { type: "integer" } } }),
  "500": errorResponse("An unexpected error; details are in the server log."),
  "503": errorResponse("Quiver's database cannot answer right now (restarting, unreachable or busy); nothing was run.", { "Retry-After": { description: "Seconds to wait before calling again.", schema: { type: "integer" } } }),
};

const slugParameter = { name: "slug", in: "path", required: true, description: "The persona's slug.", schema: { type: "string" } };

/** The OpenAPI 3.1 document of the runtime API. `serverUrl` is the origin it is served from. */
export function runtimeOpenApiDocument(serverUrl?: string): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: {
      title: "Quiver runtime API",
      version: "1",
      description: "The tools a persona may use, for AI agents: list them in a provider's format and call them. Authenticate with an API key as a Bearer token.",
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ apiKey: [] }],
    paths: {
      "/api/v1/personas/{slug}/tools": {
        get: {
          operationId: "listTools",
          summary: "The persona's effective tools as one provider's tool specifications.",
          parameters: [
            slugParameter,
            { name: "format", in: "query", required: true, schema: { type: "string", enum: [...PROVIDER_FORMATS] } },
            {
              name: "deferred",
              in: "query",
              required: false,
              description: "For a persona in search mode: false lists the search, describe and call meta-tools even where the provider loads tools on demand (Anthropic's tool search).",
              schema: { type: "boolean", default: true },
            },
            {
              name: "strict",
              in: "query",
              required: false,
              description: "openai and anthropic only: true asks for strict variants where a tool can be strict, false for none. Default: strict for openai, not for anthropic.",
              schema: { type: "boolean" },
            },
            { name: "If-None-Match", in: "header", required: false, description: "An ETag from an earlier answer.", schema: { type: "string" } },
          ],
          responses: {
            "200": {
              description: "The specifications, in catalog order.",
              headers: { ETag: { description: "Hash of the specifications.", schema: { type: "string" } } },
              content: json({ $ref: "#/components/schemas/ToolList" }),
            },
            "304": { description: "Unchanged since the ETag sent in If-None-Match." },
            "400": errorResponse("Missing or unknown format, or strict given for a format without strict variants; the message names what is allowed."),
            ...commonRefusals,
          },
        },
      },
      "/api/v1/personas/{slug}/budget": {
        get: {
          operationId: "getContextBudget",
          summary: "What the persona's tool specifications cost an agent's context on every request, per provider.",
          description:
            "OpenAI's figure is counted (o200k_base); Anthropic's and Gemini's are estimates (their tokenizers are not published) and MCP's depends on the client's model: each provider says which in `measure` and how in `basis`.",
          parameters: [slugParameter],
          responses: {
            "200": { description: "The budget of the persona's effective tools.", content: json({ $ref: "#/components/schemas/ContextBudget" }) },
            ...commonRefusals,
          },
        },
      },
      "/api/v1/personas/{slug}/tools/{name}/call": {
        post: {
          operationId: "callTool",
          summary: "Calls one of the persona's tools.",
          description: "A tool's own failure (bad arguments, upstream error, timeout) is a 200 with ok: false; the 4xx answers mean nothing ran.",
          parameters: [slugParameter, { name: "name", in: "path", required: true, schema: { type: "string" } }],
          requestBody: { required: false, content: json({ $ref: "#/components/schemas/CallRequest" }) },
          responses: {
            "200": { description: "The tool's response.", content: json({ $ref: "#/components/schemas/ToolResponse" }) },
            "400": errorResponse("The body is not JSON, not an object, has unknown fields, or the context has unknown fields."),
            "413": errorResponse(`The body is larger than ${MAX_CALL_BODY_BYTES} bytes.`),
            ...commonRefusals,
          },
        },
      },
    },
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An API key created on the API keys page (qv_…)." } },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: { code: { type: "string", enum: Object.keys(AGENT_ERROR_STATUS) }, message: { type: "string" } },
            },
          },
        },
        ToolList: {
          type: "object",
          required: ["persona", "format", "tools"],
          properties: {
            persona: { type: "string" },
            format: { type: "string", enum: [...PROVIDER_FORMATS] },
            tools: { type: "array", items: { type: "object", description: "One tool specification in the provider's own shape." } },
          },
        },
        ContextBudget: {
          type: "object",
          required: ["persona", "tool_count", "search_mode", "providers", "client_limits", "most_expensive"],
          properties: {
            persona: { type: "string" },
            tool_count: { type: "integer", description: "The persona's effective tools: the figures measure all of them." },
            search_mode: {
              type: ["object", "null"],
              description: "For a persona in search mode: what agents are listed instead (the search, describe and call meta-tools), per provider; null otherwise.",
              properties: { tool_count: { type: "integer" }, tokens: { type: "object", additionalProperties: { type: "integer" } } },
            },
            providers: {
              type: "object",
              required: [...PROVIDER_FORMATS],
              properties: Object.fromEntries(
                PROVIDER_FORMATS.map((format) => [
                  format,
                  {
                    type: "object",
                    required: ["tokens", "overhead", "measure", "basis"],
                    properties: {
                      tokens: { type: "integer", description: "Tokens every request pays for the tools, overhead included (0 without tools)." },
                      overhead: { type: "integer", description: "The fixed part any request with tools pays." },
                      measure: { type: "string", enum: ["counted", "estimated", "client_decides"] },
                      basis: { type: "string", description: "How the figure is made." },
                    },
                  },
                ]),
              ),
            },
            client_limits: {
              type: "array",
              items: {
                type: "object",
                properties: { client: { type: "string" }, limit: { type: "integer" }, effect: { type: "string" }, exceeded: { type: "boolean" } },
              },
            },
            most_expensive: {
              type: "array",
              maxItems: 10,
              description: "The dearest tools by OpenAI's count, ties by name.",
              items: {
                type: "object",
                properties: {
                  name: { type: "string" },
                  tokens: { type: "object", description: "The tool's own tokens per provider (without the per-request overhead)." },
                  reason: { type: "string", description: "What makes it expensive, in words." },
                  driver: { type: "string", enum: ["description", "enums", "nesting", "parameters"] },
                  description_tokens: { type: "integer" },
                  enum_values: { type: "integer" },
                  properties: { type: "integer" },
                  depth: { type: "integer" },
                },
              },
            },
          },
        },
        CallRequest: {
          type: "object",
          additionalProperties: false,
          properties: {
            arguments: { type: "object", description: "The tool's arguments; omitted ones with a schema default receive it." },
            context: {
              type: "object",
              additionalProperties: false,
              properties: Object.fromEntries(CONTEXT_FIELDS.map((field) => [field, { type: "string" }])),
            },
          },
        },
        ToolResponse: {
          oneOf: [
            {
              type: "object",
              required: ["ok", "kind", "content"],
              properties: {
                ok: { const: true },
                kind: { type: "string", enum: ["text", "json"] },
                content: {},
                halt: {
                  oneOf: [
                    { type: "null" },
                    { type: "object", properties: { say: { type: ["string", "null"] }, payload: {} }, description: "The agent should end its turn." },
                  ],
                },
                metadata: { type: "object" },
              },
            },
            {
              type: "object",
              required: ["ok", "error_type", "message"],
              properties: {
                ok: { const: false },
                error_type: { type: "string" },
                message: { type: "string" },
                details: { type: "object" },
                metadata: { type: "object" },
              },
            },
          ],
        },
      },
    },
  };
}
