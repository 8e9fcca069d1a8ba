/** The mapping rules of docs/importers.md, one small document each. */
import { describe, expect, it } from "vitest";
import { inspectOpenApi, MAX_DOCUMENT_LENGTH, type InspectedOperation } from "./index";

type Doc = Record<string, unknown>;

function openapi(paths: Doc, extra: Doc = {}): string {
  return JSON.stringify({ openapi: "3.0.3", info: { title: "Test", version: "1" }, servers: [{ url: "https://api.example.test/v1" }], paths, ...extra });
}

async function only(text: string, options = {}): Promise<InspectedOperation> {
  const { operations } = await inspectOpenApi(text, options);
  expect(operations).toHaveLength(1);
  return operations[0]!;
}

async function tool(text: string, options = {}) {
  const operation = await only(text, options);
  if (!operation.importable) throw new Error(`not importable: ${operation.reason}`);
  return operation;
}

async function reason(text: string, options = {}): Promise<string> {
  const operation = await only(text, options);
  if (operation.importable) throw new Error(`importable as ${operation.tool.name}`);
  return operation.reason;
}

const ok = { "200": { description: "ok" } };
const jsonBody = (schema: unknown, required = true) => ({ required, content: { "application/json": { schema } } });

describe("names", () => {
  it("come from operationId in snake_case", async () => {
    expect((await tool(openapi({ "/pets": { get: { operationId: "listPets", responses: ok } } }))).tool.name).toBe("list_pets");
  });
  it("come from method and path without an operationId", async () => {
    const text = openapi({ "/pets/{petId}": { get: { parameters: [{ name: "petId", in: "path", required: true, schema: { type: "string" } }], responses: ok } } });
    expect((await tool(text)).tool.name).toBe("get_pets_pet_id");
  });
  it("are made unique and kept within 64 characters", async () => {
    const long = "a".repeat(80);
    const { operations } = await inspectOpenApi(
      openapi({ "/a": { get: { operationId: "sameName", responses: ok }, post: { operationId: "same_name", responses: ok } }, "/b": { get: { operationId: long, responses: ok }, post: { operationId: long, responses: ok } } }),
    );
    const names = operations.map((operation) => (operation.importable ? operation.tool.name : operation.reason));
    expect(names.slice(0, 2)).toEqual(["same_name", "same_name_2"]);
    // An 80-character id reads as generated: the route names the tool.
    expect(names.slice(2)).toEqual(["get_b", "post_b"]);
  });
  it.each([
    ["FastAPI's generated id", "status_call_api_v1_status_call_get", "GET", "/api/v1/status_call", "get_status_call"],
    ["a route under api and a version", undefined, "GET", "/api/v2.1/status", "get_status"],
    ["a long route, by its last two segments", undefined, "POST", "/organizations/{organizationId}/projects/{projectId}/environments/{environmentId}/deployments", "post_environment_id_deployments"],
    ["a chosen id of readable length", "listProjectDeployments", "GET", "/projects/{id}/deployments", "list_project_deployments"],
  ])("are short and readable: %s", async (_case, operationId, method, path, expected) => {
    const parameters = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: "path", required: true, schema: { type: "string" } }));
    const text = openapi({ [path]: { [method.toLowerCase()]: { ...(operationId ? { operationId } : {}), parameters, responses: ok } } });
    expect((await tool(text)).tool.name).toBe(expected);
  });
  it.each([
    ["getV2Users", "get_v2_users"],
    ["E2E ledgerEntries", "e2e_ledger_entries"],
    ["listS3Buckets", "list_s3_buckets"],
    ["XMLHttpRequestSend", "xml_http_request_send"],
  ])("read words where a person would: %s", async (operationId, expected) => {
    expect((await tool(openapi({ "/a": { get: { operationId, responses: ok } } }))).tool.name).toBe(expected);
  });
  it("get a prefix when they would start with a digit", async () => {
    expect((await tool(openapi({ "/x": { get: { operationId: "2fa-check", responses: ok } } }))).tool.name).toBe("op_2fa_check");
  });
});

describe("descriptions", () => {
  it("join summary and description, else say method and path", async () => {
    expect((await tool(openapi({ "/a": { get: { summary: "List", description: "All of them.", responses: ok } } }))).tool.description).toBe("List\n\nAll of them.");
    expect((await tool(openapi({ "/a": { get: { responses: ok } } }))).tool.description).toBe("GET /a");
  });
  it("are cut to 1,024 characters with a warning", async () => {
    const operation = await tool(openapi({ "/a": { get: { description: "x".repeat(3000), responses: ok } } }));
    expect(operation.tool.description).toHaveLength(1024);
    expect(operation.warnings.join(" ")).toMatch(/cut to 1,024 characters \(from 3,000\)/);
  });
});

describe("parameters", () => {
  it("merge path, query, header and JSON body properties, each placed where the operation expects it", async () => {
    const text = openapi({
      "/orders/{orderId}": {
        parameters: [{ name: "orderId", in: "path", required: true, schema: { type: "integer" } }],
        put: {
          parameters: [
            { name: "dryRun", in: "query", schema: { type: "boolean" } },
            { name: "X-Trace", in: "header", schema: { type: "string" } },
            { name: "Accept", in: "header", schema: { type: "string" } },
          ],
          requestBody: jsonBody({ type: "object", required: ["status"], properties: { status: { type: "string", enum: ["open", "closed"] }, note: { type: "string" } } }),
          responses: ok,
        },
      },
    });
    const { tool: definition, warnings } = await tool(text);
    expect(definition.parameters).toEqual({
      type: "object",
      properties: { order_id: { type: "integer" }, dry_run: { type: "boolean" }, x_trace: { type: "string" }, status: { type: "string", enum: ["open", "closed"] }, note: { type: "string" } },
      required: ["order_id", "status"],
    });
    expect(definition.request).toEqual({
      method: "PUT",
      url: "https://api.example.test/v1/orders/{{order_id}}",
      headers: { "X-Trace": "{{x_trace}}" },
      query: { dryRun: "{{dry_run}}" },
      body: { status: "{{status}}", note: "{{note}}" },
    });
    expect(warnings.join(" ")).toMatch(/Accept is left out/);
  });

  it("resolve a name collision: the earlier location keeps the name, a later one is prefixed with its own", async () => {
    const text = openapi({
      "/items/{id}": {
        post: {
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string" } },
            { name: "id", in: "query", schema: { type: "string" } },
          ],
          requestBody: jsonBody({ type: "object", properties: { id: { type: "string" }, query_id: { type: "string" } } }),
          responses: ok,
        },
      },
    });
    const { tool: definition } = await tool(text);
    expect(Object.keys(definition.parameters.properties)).toEqual(["id", "query_id", "body_id", "body_query_id"]);
    expect(definition.request.query).toEqual({ id: "{{query_id}}" });
    expect(definition.request.body).toEqual({ id: "{{body_id}}", query_id: "{{body_query_id}}" });
  });

  it("make path placeholders required, even when the document forgets to say so", async () => {
    const text = JSON.stringify({
      swagger: "2.0", info: { title: "T", version: "1" }, host: "api.example.test", basePath: "/v2", schemes: ["https"],
      paths: { "/pets/{petId}": { get: { parameters: [{ name: "petId", in: "path", required: true, type: "string" }, { name: "limit", in: "query", type: "integer", minimum: 1 }], responses: ok } } },
    });
    const { tool: definition } = await tool(text);
    expect(definition.parameters.required).toEqual(["pet_id"]);
    expect(definition.request.url).toBe("https://api.example.test/v2/pets/{{pet_id}}");
    expect(definition.parameters.properties.limit).toEqual({ type: "integer", minimum: 1 });
  });

  it("send a body that is not an object with properties as one parameter named body", async () => {
    const { tool: definition } = await tool(openapi({ "/tags": { post: { requestBody: jsonBody({ type: "array", items: { type: "string" } }, false), responses: ok } } }));
    expect(definition.parameters).toEqual({ type: "object", properties: { body: { type: "array", items: { type: "string" } } } });
    expect(definition.request.body).toBe("{{body}}");
  });

  it("keep exploded query lists and refuse other serialisation styles when the parameter is required", async () => {
    const list = { type: "array", items: { type: "string" } };
    expect((await tool(openapi({ "/a": { get: { parameters: [{ name: "tag", in: "query", schema: list }], responses: ok } } }))).tool.request.query).toEqual({ tag: "{{tag}}" });
    expect(await reason(openapi({ "/a": { get: { parameters: [{ name: "tag", in: "query", required: true, style: "matrix", schema: list }], responses: ok } } }))).toMatch(/query parameter tag is a list/);
    expect(await reason(openapi({ "/a": { get: { parameters: [{ name: "f", in: "query", required: true, style: "deepObject", schema: { type: "object", properties: {} } }], responses: ok } } }))).toMatch(/is an object/);
    expect(await reason(openapi({ "/a/{ids}": { get: { parameters: [{ name: "ids", in: "path", required: true, schema: list }], responses: ok } } }))).toMatch(/path parameter ids is a list/);
  });

  it.each<[string, Record<string, unknown>, string | undefined]>([
    ["form, exploded (the default)", {}, undefined],
    ["form, explode: false", { explode: false }, "comma"],
    ["spaceDelimited", { style: "spaceDelimited", explode: false }, "space"],
    ["pipeDelimited", { style: "pipeDelimited", explode: false }, "pipe"],
    ["pipeDelimited, exploded", { style: "pipeDelimited", explode: true }, undefined],
  ])("write a query list in the %s style as SPEC §1.8 says", async (_case, style, expected) => {
    const parameter = { name: "tag", in: "query", schema: { type: "array", items: { type: "string" } }, ...style };
    const { request } = (await tool(openapi({ "/a": { get: { parameters: [parameter], responses: ok } } }))).tool;
    expect(request.query_style?.tag).toBe(expected);
  });

  it.each<[string | undefined, string | undefined]>([
    [undefined, "comma"],
    ["csv", "comma"],
    ["multi", undefined],
    ["ssv", "space"],
    ["pipes", "pipe"],
  ])("read Swagger's collectionFormat %s as a query style", async (format, expected) => {
    const text = JSON.stringify({
      swagger: "2.0", info: { title: "T", version: "1" }, host: "api.example.test", schemes: ["https"],
      paths: { "/a": { get: { parameters: [{ name: "tag", in: "query", type: "array", items: { type: "string" }, ...(format ? { collectionFormat: format } : {}) }], responses: ok } } },
    });
    expect((await tool(text)).tool.request.query_style?.tag).toBe(expected);
  });

  it("refuse Swagger's tab-separated lists when required", async () => {
    const text = JSON.stringify({
      swagger: "2.0", info: { title: "T", version: "1" }, host: "api.example.test", schemes: ["https"],
      paths: { "/a": { get: { parameters: [{ name: "tag", in: "query", required: true, type: "array", items: { type: "string" }, collectionFormat: "tsv" }], responses: ok } } },
    });
    expect(await reason(text)).toMatch(/query parameter tag is a list in a serialisation style/);
  });

  it("leave out an optional parameter a tool cannot send, saying why, and import the rest", async () => {
    const free = { name: "filter", in: "query", style: "deepObject", schema: { type: "object" } };
    const kept = { name: "limit", in: "query", schema: { type: "integer" } };
    const { tool: made, warnings } = await tool(openapi({ "/a": { get: { parameters: [free, kept], responses: ok } } }));
    expect(made.request.query).toEqual({ limit: "{{limit}}" });
    expect(Object.keys(made.parameters.properties ?? {})).toEqual(["limit"]);
    expect(warnings).toContain("The optional query parameter filter is left out: it is an object in a serialisation style a tool cannot reproduce.");
  });

  it("offer an untyped query parameter as text, with a warning", async () => {
    const operation = await tool(openapi({ "/a": { get: { parameters: [{ name: "q", in: "query", schema: { description: "Anything." } }], responses: ok } } }));
    expect(operation.tool.parameters.properties.q).toEqual({ type: "string", description: "Anything." });
    expect(operation.warnings).toContain("The query parameter q declares no type: it is offered as text.");
  });

  it("refuse a required cookie and leave an optional one out with a warning", async () => {
    const cookie = (required: boolean) => openapi({ "/a": { get: { parameters: [{ name: "session", in: "cookie", required, schema: { type: "string" } }], responses: ok } } });
    expect(await reason(cookie(true))).toMatch(/cookie session/);
    expect((await tool(cookie(false))).warnings.join(" ")).toMatch(/optional cookie session is left out/);
  });
});

describe("schemas", () => {
  const bodyTool = async (schema: unknown) => (await tool(openapi({ "/a": { post: { requestBody: jsonBody(schema), responses: ok } } }))).tool.parameters;
  const bodyReason = (schema: unknown) => reason(openapi({ "/a": { post: { requestBody: jsonBody(schema), responses: ok } } }));

  it("merge allOf of objects", async () => {
    const schema = { allOf: [{ type: "object", required: ["a"], properties: { a: { type: "string" } } }, { type: "object", required: ["b"], properties: { b: { type: "integer" } } }] };
    expect(await bodyTool(schema)).toEqual({ type: "object", properties: { a: { type: "string" }, b: { type: "integer" } }, required: ["a", "b"] });
  });
  it("refuse allOf members that define a property differently", async () => {
    expect(await bodyReason({ allOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "object", properties: { a: { type: "integer" } } }] })).toMatch(/two different definitions of the property a/);
  });
  it("handle nullable (3.0) and a null in the type list (3.1) by dropping null", async () => {
    expect(await bodyTool({ type: "object", properties: { a: { type: "string", nullable: true } } })).toEqual({ type: "object", properties: { a: { type: "string" } } });
    const text = openapi({ "/a": { post: { requestBody: jsonBody({ type: "object", properties: { a: { type: ["integer", "null"] }, b: { oneOf: [{ type: "string" }, { type: "null" }] } } }), responses: ok } } }, { openapi: "3.1.0" });
    expect((await tool(text)).tool.parameters).toEqual({
      type: "object",
      properties: { a: { type: "integer" }, b: { type: "string" } },
    });
  });
  it("drop readOnly properties from inputs", async () => {
    expect(await bodyTool({ type: "object", required: ["id", "name"], properties: { id: { type: "string", readOnly: true }, name: { type: "string" } } })).toEqual({
      type: "object", properties: { name: { type: "string" } }, required: ["name"],
    });
  });
  it("inline $refs", async () => {
    const text = openapi(
      { "/a": { post: { requestBody: jsonBody({ $ref: "#/components/schemas/Pet" }), responses: ok } } },
      { components: { schemas: { Pet: { type: "object", properties: { tag: { $ref: "#/components/schemas/Tag" } } }, Tag: { type: "string", maxLength: 10 } } } },
    );
    expect((await tool(text)).tool.parameters).toEqual({ type: "object", properties: { tag: { type: "string", maxLength: 10 } } });
  });
  it("report circular schemas instead of looping", async () => {
    const text = openapi(
      { "/a": { post: { requestBody: jsonBody({ $ref: "#/components/schemas/Node" }), responses: ok } } },
      { components: { schemas: { Node: { type: "object", properties: { child: { $ref: "#/components/schemas/Node" } } } } } },
    );
    expect(await reason(text)).toMatch(/is circular \(it refers back to #\/components\/schemas\/Node\)/);
  });
  it("refuse oneOf with distinct shapes inside the body where the property is required", async () => {
    const alternatives = { oneOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "object", properties: { b: { type: "string" } } }] };
    expect(await bodyReason({ type: "object", required: ["choice"], properties: { choice: alternatives } })).toMatch(/the request body\.choice uses oneOf with 2 distinct shapes/);
  });
  it("leave out an optional body property a tool cannot send, at any depth, saying why", async () => {
    const alternatives = { oneOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "array", items: { type: "string" } }] };
    const body = { type: "object", required: ["name"], properties: { name: { type: "string" }, choice: alternatives, config: { type: "object", properties: { url: { type: "string" }, markup: alternatives } } } };
    const { tool: made, warnings } = await tool(openapi({ "/a": { post: { requestBody: jsonBody(body), responses: ok } } }));
    expect(made.parameters.properties).toEqual({ name: { type: "string" }, config: { type: "object", properties: { url: { type: "string" } } } });
    expect(warnings).toEqual([
      "Left out, as it is optional and a tool cannot send it: the request body.choice uses oneOf with 2 distinct shapes, which a tool parameter cannot express.",
      "Left out, as it is optional and a tool cannot send it: the request body.config.markup uses oneOf with 2 distinct shapes, which a tool parameter cannot express.",
    ]);
  });
  it.each<[string, unknown[], Record<string, unknown>, string]>([
    ["integer or text (Telegram's chat_id)", [{ type: "integer" }, { type: "string" }], { type: "string" }, "accepts an integer or text: the tool sends it as text"],
    ["a word or a timestamp (Stripe's trial_end)", [{ type: "string", enum: ["now"] }, { type: "integer" }], { type: "string" }, 'accepts "now" or an integer: the tool sends it as text'],
    ["text or a number (GitHub's insecure_ssl)", [{ type: "string", description: "0 or 1" }, { type: "number" }], { type: "string", description: "0 or 1" }, "accepts text or a number: the tool sends it as text"],
    ["integers or numbers", [{ type: "integer" }, { type: "number" }], { type: "number" }, "accepts an integer or a number: the tool sends it as a number"],
  ])("send a union of scalars, %s, as the one type that carries them all", async (_case, members, expected, said) => {
    const { tool: made, warnings } = await tool(openapi({ "/a": { post: { requestBody: jsonBody({ type: "object", required: ["v"], properties: { v: { anyOf: members } } }), responses: ok } } }));
    expect(made.parameters.properties?.v).toEqual(expected);
    expect(warnings).toEqual([`The request body.v ${said}.`]);
  });
  it("refuse a required union no one scalar carries (a number or a boolean)", async () => {
    expect(await bodyReason({ type: "object", required: ["v"], properties: { v: { oneOf: [{ type: "number" }, { type: "boolean" }] } } })).toMatch(/the request body\.v uses oneOf with 2 distinct shapes/);
  });
  it("turn 3.0 boolean exclusive bounds into numbers and an example into examples", async () => {
    expect(await bodyTool({ type: "object", properties: { n: { type: "number", minimum: 0, exclusiveMinimum: true, example: 3 } } })).toEqual({
      type: "object", properties: { n: { type: "number", exclusiveMinimum: 0, examples: [3] } },
    });
  });
  it("refuse multipart/form-data bodies", async () => {
    const text = openapi({ "/upload": { post: { requestBody: { content: { "multipart/form-data": { schema: { type: "object" } } } }, responses: ok } } });
    expect(await reason(text)).toBe("its request body is multipart/form-data, which a tool cannot send (it sends JSON, XML or urlencoded forms)");
  });
});

describe("form bodies (SPEC §1.8)", () => {
  const formBody = (schema: unknown, extra: Doc = {}) => ({ required: true, content: { "application/x-www-form-urlencoded": { schema, ...extra } } });
  const charge = {
    type: "object",
    required: ["amount"],
    properties: { amount: { type: "integer" }, metadata: { type: "object", properties: { order: { type: "string" } } }, expand: { type: "array", items: { type: "string" } } },
  };

  it("become a form of one placeholder per field", async () => {
    const { tool: made } = await tool(openapi({ "/charges": { post: { requestBody: formBody(charge), responses: ok } } }));
    expect(made.request.body_format).toBe("form");
    expect(made.request.body).toEqual({ amount: "{{amount}}", metadata: "{{metadata}}", expand: "{{expand}}" });
    expect(made.parameters.required).toEqual(["amount"]);
  });

  it("prefer JSON when the operation offers both", async () => {
    const both = { required: true, content: { "application/x-www-form-urlencoded": { schema: charge }, "application/json": { schema: charge } } };
    const { tool: made } = await tool(openapi({ "/charges": { post: { requestBody: both, responses: ok } } }));
    expect(made.request.body_format).toBeUndefined();
  });

  it("refuse form encodings Quiver cannot write", async () => {
    const unexploded = formBody(charge, { encoding: { expand: { explode: false } } });
    expect(await reason(openapi({ "/a": { post: { requestBody: unexploded, responses: ok } } }))).toMatch(/form field expand is encoded unexploded/);
    const json = formBody(charge, { encoding: { metadata: { contentType: "application/json" } } });
    expect(await reason(openapi({ "/a": { post: { requestBody: json, responses: ok } } }))).toMatch(/form field metadata is sent as application\/json/);
  });

  it("send no body for a form that declares no fields and admits none (Stripe's parameterless POSTs)", async () => {
    const { tool: made, warnings } = await tool(openapi({ "/cancel": { post: { requestBody: formBody({ type: "object", properties: {}, additionalProperties: false }), responses: ok } } }));
    expect(made.request).toMatchObject({ method: "POST", body: null });
    expect(made.request.body_format).toBeUndefined();
    expect(warnings).toEqual([]);
    const loose = await tool(openapi({ "/cancel": { post: { requestBody: formBody({ type: "object" }), responses: ok } } }));
    expect(loose.warnings).toContain("The form body declares no fields, so the tool sends none: add them in the editor if the API needs some.");
    expect(await reason(openapi({ "/a": { post: { requestBody: formBody({ type: "object", additionalProperties: { type: "string" } }), responses: ok } } }))).toMatch(/takes any fields and declares none/);
  });

  it("ignore the empty optional body a GET declares, and refuse one with fields", async () => {
    const empty = { required: false, content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties: {}, additionalProperties: false } } } };
    expect((await tool(openapi({ "/account": { get: { requestBody: empty, responses: ok } } }))).tool.request).toMatchObject({ method: "GET", body: null });
    expect(await reason(openapi({ "/account": { get: { requestBody: jsonBody({ type: "object", properties: { a: { type: "string" } } }, false), responses: ok } } }))).toBe("it sends a request body with GET, which Quiver tools do not");
  });

  it("send the other shape where the empty string is an alternative (Stripe's unset idiom)", async () => {
    const metadata = { anyOf: [{ type: "object", additionalProperties: { type: "string" } }, { type: "string", enum: [""] }] };
    const { tool: made } = await tool(openapi({ "/charges": { post: { requestBody: formBody({ type: "object", properties: { metadata } }), responses: ok } } }));
    expect(made.parameters.properties.metadata).toEqual({ type: "object", properties: {}, additionalProperties: { type: "string" } });
  });

  it("write a deepObject query list with brackets, as the APIs that declare one read it", async () => {
    const expand = { name: "expand", in: "query", style: "deepObject", explode: true, schema: { type: "array", items: { type: "string" } } };
    const { tool: made } = await tool(openapi({ "/charges": { get: { parameters: [expand], responses: ok } } }));
    expect(made.request.query).toEqual({ "expand[]": "{{expand}}" });
    expect(Object.keys(made.parameters.properties)).toEqual(["expand"]);
  });

  it("read Swagger 2.0 formData parameters as the form's fields", async () => {
    const text = JSON.stringify({
      swagger: "2.0", info: { title: "T", version: "1" }, host: "api.example.test", schemes: ["https"], consumes: ["application/x-www-form-urlencoded"],
      paths: { "/messages": { post: { parameters: [{ name: "To", in: "formData", type: "string", required: true }, { name: "Body", in: "formData", type: "string" }], responses: ok } } },
    });
    const { tool: made } = await tool(text);
    expect(made.request).toMatchObject({ body_format: "form", body: { To: "{{to}}", Body: "{{body}}" } });
    expect(made.parameters.required).toEqual(["to"]);
  });

  it("refuse a Swagger file upload, or form data sent only as multipart", async () => {
    const swagger = (consumes: string[], type: string) => JSON.stringify({
      swagger: "2.0", info: { title: "T", version: "1" }, host: "api.example.test", schemes: ["https"], consumes,
      paths: { "/files": { post: { parameters: [{ name: "upload", in: "formData", type }], responses: ok } } },
    });
    expect(await reason(swagger(["multipart/form-data"], "file"))).toBe("it uploads a file (upload), which a tool cannot send");
    expect(await reason(swagger(["multipart/form-data"], "string"))).toMatch(/takes form data as multipart\/form-data/);
  });
});

describe("bodies of several shapes (oneOf / anyOf of objects)", () => {
  const cat = { type: "object", title: "Cat", required: ["pet_type", "lives"], properties: { pet_type: { type: "string", enum: ["cat"] }, lives: { type: "integer" } } };
  const dog = { type: "object", title: "Dog", required: ["pet_type"], properties: { pet_type: { type: "string", const: "dog" }, bark: { type: "boolean" } } };
  const pets = (schema: unknown) => openapi({ "/pets": { post: { operationId: "createPet", requestBody: jsonBody(schema), responses: ok } } });

  it("become one tool per shape, named by the discriminator's value, each with its own fields", async () => {
    const { operations } = await inspectOpenApi(pets({ oneOf: [cat, dog], discriminator: { propertyName: "pet_type" } }));
    expect(operations.map((operation) => operation.key)).toEqual(["POST /pets · cat", "POST /pets · dog"]);
    const [first, second] = operations.map((operation) => {
      if (!operation.importable) throw new Error(operation.reason);
      return operation;
    });
    expect([first!.tool.name, second!.tool.name]).toEqual(["create_pet_cat", "create_pet_dog"]);
    expect(Object.keys(first!.tool.parameters.properties)).toEqual(["pet_type", "lives"]);
    expect(Object.keys(second!.tool.parameters.properties)).toEqual(["pet_type", "bark"]);
    expect(first!.tool.description).toBe("POST /pets (request body: cat)");
    expect(first!.warnings).toContain("The request body takes one of 2 object shapes: this tool sends the cat one. Pick the shapes the agent needs.");
  });

  it("are named by title without a discriminator, by position without either, and keep what the body shares", async () => {
    const untitled = { type: "object", properties: { url: { type: "string" } } };
    const shared = { type: "object", required: ["owner"], properties: { owner: { type: "string" } }, anyOf: [cat, untitled] };
    const { operations } = await inspectOpenApi(pets(shared));
    expect(operations.map((operation) => operation.key)).toEqual(["POST /pets · cat", "POST /pets · shape_2"]);
    const second = operations[1]!;
    if (!second.importable) throw new Error(second.reason);
    expect(Object.keys(second.tool.parameters.properties)).toEqual(["owner", "url"]);
    expect(second.tool.parameters.required).toEqual(["owner"]);
  });

  it("offer the object shapes and say what else the body may be that no tool sends", async () => {
    const { operations } = await inspectOpenApi(pets({ oneOf: [cat, { type: "string" }] }));
    expect(operations.map((operation) => operation.key)).toEqual(["POST /pets"]);
    const [only] = operations;
    if (!only?.importable) throw new Error(only?.reason);
    expect(only.tool.name).toBe("create_pet");
    expect(Object.keys(only.tool.parameters.properties)).toEqual(Object.keys(cat.properties));
    expect(only.warnings).toContain("The request body may also be one other value that is not an object (a list or a scalar), which this tool does not send.");
  });
  it("stay one refused operation when no shape is an object", async () => {
    expect(await reason(pets({ oneOf: [{ type: "array", items: { type: "string" } }, { type: "string" }] }))).toBe("the request body uses oneOf with 2 distinct shapes, which a tool parameter cannot express");
  });
});

describe("servers", () => {
  const servers = (list: unknown) => JSON.stringify({ openapi: "3.0.3", info: { title: "T", version: "1" }, servers: list, paths: { "/a": { get: { responses: ok } } } });
  it("fill variables with their defaults", async () => {
    const text = servers([{ url: "https://{region}.api.example.test/{version}", variables: { region: { default: "eu", enum: ["eu", "us"] }, version: { default: "v2" } } }]);
    expect((await tool(text)).tool.request.url).toBe("https://eu.api.example.test/v2/a");
  });
  it("let the operator choose among several, or give a base URL", async () => {
    const text = servers([{ url: "https://one.example.test" }, { url: "https://two.example.test/api/" }]);
    const inspected = await inspectOpenApi(text, { server: 1 });
    expect(inspected.servers.map((server) => server.url)).toEqual(["https://one.example.test", "https://two.example.test/api"]);
    expect((await tool(text, { server: 1 })).tool.request.url).toBe("https://two.example.test/api/a");
    expect((await tool(text, { baseUrl: "http://127.0.0.1:3101/mock" })).tool.request.url).toBe("http://127.0.0.1:3101/mock/a");
    await expect(inspectOpenApi(text, { baseUrl: "ftp://x" })).rejects.toThrow(/absolute http\(s\) URL/);
  });
  it("resolve relative server URLs against the document's URL, and refuse them without one", async () => {
    const text = servers([{ url: "/v3" }]);
    expect((await tool(text, { documentUrl: "https://petstore.example.test/api/openapi.json" })).tool.request.url).toBe("https://petstore.example.test/v3/a");
    expect(await reason(text)).toMatch(/no absolute http\(s\) server URL/);
  });
  it("prefer an operation's own servers", async () => {
    const text = openapi({ "/a": { get: { servers: [{ url: "https://other.example.test" }], responses: ok } } });
    expect((await tool(text)).tool.request.url).toBe("https://other.example.test/a");
  });
});

describe("security schemes", () => {
  const secured = (schemes: Doc, security: unknown) =>
    openapi({ "/a": { get: { security, responses: ok } } }, { components: { securitySchemes: schemes } });
  /** The same, with a second operation using the same schemes: a query key is then a shared credential. */
  const securedTwice = (schemes: Doc, security: unknown) =>
    openapi({ "/a": { get: { security, responses: ok } }, "/b": { get: { security, responses: ok } } }, { components: { securitySchemes: schemes } });
  async function first(text: string) {
    const [operation] = (await inspectOpenApi(text)).operations;
    if (!operation?.importable) throw new Error(`not importable: ${operation?.reason}`);
    return operation;
  }
  it("turn an API key header into an empty secret header", async () => {
    const operation = await tool(secured({ key: { type: "apiKey", in: "header", name: "X-API-Key" } }, [{ key: [] }]));
    expect(operation.tool.request.headers).toEqual({ "X-API-Key": "" });
    expect(operation.tool.secret_headers).toEqual(["X-API-Key"]);
  });
  it("turn HTTP bearer into an empty Authorization secret", async () => {
    const operation = await tool(secured({ auth: { type: "http", scheme: "bearer" } }, [{ auth: [] }]));
    expect(operation.tool.request.headers).toEqual({ Authorization: "" });
    expect(operation.secrets[0]!.note).toMatch(/Bearer/);
  });
  it.each([["OpenAPI 3's http basic", { type: "http", scheme: "basic" }], ["Swagger 2.0's basic", { type: "basic" }]])(
    "offer %s as a shared basic credential whose user name the operator gives",
    async (_case, scheme) => {
      const operation = await tool(secured({ Login: scheme }, [{ Login: [] }]));
      expect(operation.credential).toEqual({ name: "test_login", kind: "basic", username: "", note: "Basic auth: a user name and password (Login)" });
      expect(operation.tool.auth).toEqual({ credential: "test_login" });
      expect([operation.tool.request.headers, operation.tool.secret_headers]).toEqual([{}, []]);
    },
  );
  it("send Basic auth as an Authorization secret beside a query key (a tool names one credential)", async () => {
    const operation = await first(securedTwice({ Login: { type: "http", scheme: "basic" }, key: { type: "apiKey", in: "query", name: "key" } }, [{ Login: [], key: [] }]));
    expect(operation.credential).toMatchObject({ kind: "query", parameterName: "key" });
    expect(operation.secrets).toEqual([{ name: "Authorization", note: '"Basic " and the base64 of user:password (Login)' }]);
  });
  it("take the first alternative that can be expressed, and refuse when none can", async () => {
    const schemes = { cookie: { type: "apiKey", in: "cookie", name: "session" }, header: { type: "apiKey", in: "header", name: "X-Key" } };
    expect((await tool(secured(schemes, [{ cookie: [] }, { header: [] }]))).tool.secret_headers).toEqual(["X-Key"]);
    expect(await reason(secured(schemes, [{ cookie: [] }]))).toMatch(/API key in the cookie: Quiver sends secrets in headers or the query only/);
    expect((await tool(secured(schemes, [{ cookie: [] }, {}]))).tool.secret_headers).toEqual([]);
  });
  it("send an API key in the query of a scheme several operations use through a shared query credential named after the document and the scheme", async () => {
    const schemes = { ApiKeyAuth: { type: "apiKey", in: "query", name: "key" } };
    const geocode = { get: { security: [{ ApiKeyAuth: [] }], parameters: [{ name: "key", in: "query", schema: { type: "string" } }, { name: "q", in: "query", schema: { type: "string" } }], responses: ok } };
    const text = openapi(
      { "/a": geocode, "/b": { get: { security: [{ ApiKeyAuth: [] }], responses: ok } } },
      { info: { title: "Maps Platform", version: "1" }, components: { securitySchemes: schemes } },
    );
    const operation = await first(text);
    expect(operation.credential).toEqual({ name: "maps_platform_api_key_auth", kind: "query", parameterName: "key", note: "the API key sent as ?key= (ApiKeyAuth)" });
    expect(operation.tool.auth).toEqual({ credential: "maps_platform_api_key_auth" });
    // The credential sends `key`: the model is never asked for it.
    expect(operation.tool.request.query).toEqual({ q: "{{q}}" });
    expect(Object.keys(operation.tool.parameters.properties)).toEqual(["q"]);
    expect(operation.warnings).toContain("The query parameter key is left out: the API key is sent there from a secret.");
    expect(operation.tool.secret_headers).toEqual([]);
  });
  it("send the API key in the query of a scheme only one operation uses as that tool's own secret query key", async () => {
    const schemes = { ApiKeyAuth: { type: "apiKey", in: "query", name: "key" } };
    const operation = await tool(openapi(
      { "/a": { get: { security: [{ ApiKeyAuth: [] }], parameters: [{ name: "key", in: "query", schema: { type: "string" } }, { name: "q", in: "query", schema: { type: "string" } }], responses: ok } } },
      { components: { securitySchemes: schemes } },
    ));
    expect([operation.credential, operation.tool.auth]).toEqual([null, undefined]);
    expect(operation.tool.request.query).toEqual({ q: "{{q}}", key: "" });
    expect(operation.tool.secret_query).toEqual(["key"]);
    expect(operation.secretQuery).toEqual([{ name: "key", note: "the API key (ApiKeyAuth)" }]);
    expect(Object.keys(operation.tool.parameters.properties)).toEqual(["q"]);
  });
  it("refuse two API keys in the query together (a tool names one credential), taking another alternative when there is one", async () => {
    const schemes = { app: { type: "apiKey", in: "query", name: "app_id" }, key: { type: "apiKey", in: "query", name: "app_key" }, bearer: { type: "http", scheme: "bearer" } };
    const [refused] = (await inspectOpenApi(securedTwice(schemes, [{ app: [], key: [] }]))).operations;
    expect(refused).toMatchObject({ importable: false, reason: "it sends 2 API keys in the query (app_id, app_key), and a tool takes one shared credential" });
    const fallback = await first(securedTwice(schemes, [{ app: [], key: [] }, { bearer: [] }]));
    expect([fallback.tool.secret_headers, fallback.credential]).toEqual([["Authorization"], null]);
    // Used by one operation only, both keys are the tool's own secret query keys.
    expect((await tool(secured(schemes, [{ app: [], key: [] }]))).tool.secret_query).toEqual(["app_id", "app_key"]);
  });
  it("combine a header key and a query key of one alternative: a secret header and the credential", async () => {
    const schemes = { key: { type: "apiKey", in: "query", name: "key" }, header: { type: "apiKey", in: "header", name: "X-Key" } };
    const operation = await first(securedTwice(schemes, [{ key: [], header: [] }]));
    expect([operation.tool.secret_headers, operation.credential, operation.tool.auth]).toEqual([["X-Key"], expect.objectContaining({ kind: "query", parameterName: "key" }), { credential: "test_key" }]);
  });
  it("leave a header parameter that a scheme fills to the secret", async () => {
    const text = openapi(
      { "/a": { get: { security: [{ key: [] }], parameters: [{ name: "X-API-Key", in: "header", schema: { type: "string" } }], responses: ok } } },
      { components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-API-Key" } } } },
    );
    const { tool: definition } = await tool(text);
    expect(definition.parameters.properties).toEqual({});
    expect(definition.request.headers).toEqual({ "X-API-Key": "" });
  });
});

describe("behaviour", () => {
  it("takes side_effect from the method, group from the first tag, and suggests the 200 response's properties", async () => {
    const text = openapi({
      "/a": {
        get: { tags: ["Orders", "Other"], responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object", properties: { data: {}, next: {} } } } } } } },
        delete: { responses: ok },
        options: { responses: ok },
      },
    });
    const [get, remove, options] = (await inspectOpenApi(text)).operations;
    expect(get!.importable && [get!.tool.side_effect, get!.tool.group, get!.responseFields, get!.tool.response.extract]).toEqual([false, "Orders", ["data", "next"], "body_raw"]);
    expect(remove!.importable && remove!.tool.side_effect).toBe(true);
    expect(!options!.importable && options!.reason).toBe("OPTIONS is not a method Quiver tools send");
  });
});

describe("documents", () => {
  it("read YAML as well as JSON", async () => {
    const yaml = "swagger: '2.0'\ninfo: {title: Y, version: '1'}\nhost: api.example.test\npaths:\n  /ping:\n    get:\n      operationId: ping\n      responses: {'200': {description: ok}}\n";
    const inspected = await inspectOpenApi(yaml);
    expect(inspected.version).toBe("Swagger 2.0");
    expect(inspected.operations[0]!.importable && inspected.operations[0]!.tool.request.url).toBe("https://api.example.test/ping");
  });
  it("refuse what is not an OpenAPI document, with the reason", async () => {
    await expect(inspectOpenApi('{"name": "x"}')).rejects.toThrow(/not an OpenAPI or Swagger document/);
    await expect(inspectOpenApi("{oops")).rejects.toThrow(/not valid JSON/);
    await expect(inspectOpenApi(JSON.stringify({ openapi: "3.0.3", info: { title: "T", version: "1" }, paths: ["/a"] }))).rejects.toThrow(/^the document is not valid: /);
  });
  it("read a document that fails strict validation on a detail, with a warning naming the first problems", async () => {
    const text = JSON.stringify({
      openapi: "3.0.3", servers: [{ url: "https://api.example.test" }], // no info: invalid
      paths: { "/a": { get: { operationId: "listA", responses: ok } } },
    });
    const inspected = await inspectOpenApi(text);
    expect(inspected.warnings).toEqual([expect.stringMatching(/^The document does not pass strict validation, and was read anyway: check the operations it describes\. First problems: .*info/)]);
    expect(inspected.operations).toMatchObject([{ key: "GET /a", importable: true }]);
  });
  it("judge each operation of a lenient document on its own", async () => {
    const list = { type: "array", items: { type: "string" } };
    const text = openapi({
      "/a": { get: { parameters: [{ name: "tag", in: "query", required: true, style: "matrix", schema: list }], responses: ok } },
      "/b": { get: { parameters: "not a list", responses: ok } },
      "/c": { get: { responses: ok } },
    });
    const { warnings, operations } = await inspectOpenApi(text);
    expect(warnings).toHaveLength(1);
    expect(operations.map((operation) => [operation.key, operation.importable])).toEqual([["GET /a", false], ["GET /b", true], ["GET /c", true]]);
    expect(operations[0]).toMatchObject({ reason: expect.stringMatching(/query parameter tag is a list/) });
  });
  it("refuse a document over the size limit before reading it", async () => {
    const padded = openapi({ "/a": { get: { responses: ok } } }, { "x-padding": "x".repeat(MAX_DOCUMENT_LENGTH) });
    await expect(inspectOpenApi(padded)).rejects.toThrow("the document is larger than 8 MiB");
  });
  it("read a valid document without a warning", async () => {
    expect((await inspectOpenApi(openapi({ "/a": { get: { responses: ok } } }))).warnings).toEqual([]);
  });
  it("never follow external references", async () => {
    const text = openapi({ "/a": { post: { requestBody: jsonBody({ $ref: "file:///etc/passwd" }), responses: ok } } });
    expect(await reason(text)).toBe("the request body refers to another document (file:///etc/passwd), which the import does not read");
  });
});

describe("output schemas (from the success response)", () => {
  const returning = (schema: unknown, code = "200", version = "3.0.3") =>
    openapi({ "/order": { get: { operationId: "getOrder", responses: { [code]: { description: "ok", content: { "application/json": { schema } } } } } } }, { openapi: version });

  it("come from a JSON object response, keeping what the server returns (readOnly) and leaving out what it never does (writeOnly)", async () => {
    const operation = await tool(
      returning({
        type: "object",
        required: ["id", "secret"],
        properties: { id: { type: "string", readOnly: true }, state: { type: "string", enum: ["open", "shipped"] }, secret: { type: "string", writeOnly: true } },
      }),
    );
    expect(operation.tool.output_schema).toEqual({ type: "object", properties: { id: { type: "string" }, state: { type: "string", enum: ["open", "shipped"] } }, required: ["id"] });
    expect(operation.tool.response.extract).toBe("body_raw");
    expect(operation.warnings).toEqual([]);
  });

  it("come from the first 2xx response when there is no 200", async () => {
    expect((await tool(returning({ type: "object", properties: { id: { type: "integer" } } }, "201"))).tool.output_schema).toEqual({ type: "object", properties: { id: { type: "integer" } } });
  });

  it("are left out without a word for a list or a scalar result (structured results are objects)", async () => {
    for (const schema of [{ type: "array", items: { type: "string" } }, { type: "string" }]) {
      const operation = await tool(returning(schema));
      expect(operation.tool).not.toHaveProperty("output_schema");
      expect(operation.warnings).toEqual([]);
    }
  });

  it.each([
    ["a null among the types", { type: "object", properties: { note: { type: ["string", "null"] } } }, /the success response\.note may be null, which an output schema cannot express/],
    ["a null alternative", { type: "object", properties: { note: { oneOf: [{ type: "string" }, { type: "null" }] } } }, /note may be null/],
    ["distinct shapes", { type: "object", properties: { id: { anyOf: [{ type: "string" }, { type: "integer" }] } } }, /anyOf with 2 distinct shapes, which an output schema cannot express/],
  ])("are left out with a warning for %s, and the operation is still imported", async (_case, schema, warning) => {
    const operation = await tool(returning(schema, "200", "3.1.0"));
    expect(operation.tool).not.toHaveProperty("output_schema");
    expect(operation.warnings).toEqual([expect.stringMatching(warning)]);
  });

  it("are left out with a warning when the validator refuses them (a pattern RE2 cannot run), and the operation is still imported", async () => {
    const operation = await tool(returning({ type: "object", properties: { code: { type: "string", pattern: "^(?=a)a$" } } }));
    expect(operation.tool).not.toHaveProperty("output_schema");
    expect(operation.warnings).toEqual([expect.stringMatching(/^No output schema: output_schema\.properties\.code\.pattern /)]);
  });

  it("are left out with a warning for a 3.0 nullable value", async () => {
    const operation = await tool(returning({ type: "object", properties: { note: { type: "string", nullable: true } } }));
    expect(operation.tool).not.toHaveProperty("output_schema");
    expect(operation.warnings).toEqual([expect.stringMatching(/note may be null/)]);
  });

  it("keep a request's nullable parameters as they were (the tool never sends null)", async () => {
    const text = openapi({ "/a": { get: { parameters: [{ name: "q", in: "query", schema: { type: "string", nullable: true } }], responses: ok } } });
    expect((await tool(text)).tool.parameters.properties.q).toEqual({ type: "string" });
  });
});
