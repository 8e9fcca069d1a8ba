import { describe, expect, it } from "vitest";
import { PROVIDER_FORMATS } from "../tools";
import { AGENT_ERROR_STATUS } from "./errors";
import { runtimeOpenApiDocument } from "./openapi";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every `$ref` in `value`. */
function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === "$ref" && typeof inner === "string" ? [inner] : refs(inner)));
}

describe("the runtime API's OpenAPI document", () => {
  const document = JSON.parse(JSON.stringify(runtimeOpenApiDocument("http://127.0.0.1:3000"))) as Json;

  it("is OpenAPI 3.1 with info, a server, bearer security and both operations", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(document.servers).toEqual([{ url: "http://127.0.0.1:3000" }]);
    expect(document.components.securitySchemes.apiKey).toEqual(expect.objectContaining({ type: "http", scheme: "bearer" }));
    expect(Object.keys(document.paths)).toEqual(["/api/v1/personas/{slug}/tools", "/api/v1/personas/{slug}/budget", "/api/v1/personas/{slug}/tools/{name}/call"]);
  });

  it("resolves every $ref and declares every path parameter", () => {
    for (const ref of refs(document)) {
      const target = ref.replace(/^#\//, "").split("/").reduce<Json | undefined>((node, part) => node?.[part], document);
      expect(target, ref).toBeTypeOf("object");
    }
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      for (const operation of Object.values<Json>(item)) {
        const declared = operation.parameters.filter((parameter: Json) => parameter.in === "path").map((parameter: Json) => parameter.name);
        expect(declared.sort(), path).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort());
        expect(operation.operationId).toEqual(expect.any(String));
        for (const [status, response] of Object.entries<Json>(operation.responses)) {
          expect(status).toMatch(/^[1-5]\d\d$/);
          expect(response.description).toEqual(expect.any(String));
        }
      }
    }
  });

  it("names every provider format and every error code the handlers answer with", () => {
    const list = document.paths["/api/v1/personas/{slug}/tools"].get;
    expect(list.parameters.find((parameter: Json) => parameter.name === "format").schema.enum).toEqual([...PROVIDER_FORMATS]);
    expect(document.components.schemas.Error.properties.error.properties.code.enum).toEqual(Object.keys(AGENT_ERROR_STATUS));
    const call = document.paths["/api/v1/personas/{slug}/tools/{name}/call"].post;
    for (const status of ["200", "400", "401", "403", "404", "413", "429", "500"]) expect(call.responses[status], status).toBeDefined();
    expect(call.responses["429"].headers["Retry-After"]).toBeDefined();
  });
});
