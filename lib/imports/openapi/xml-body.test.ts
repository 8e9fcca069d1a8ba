/**
 * docs/importers.md "XML bodies": an operation whose body is XML becomes a tool with an XML body
 * template named as the document's `xml` objects say — checked by rendering the imported tool and
 * reading the document it would send — and naming a tool cannot reproduce is refused with where.
 */
import { describe, expect, it } from "vitest";
import { executeTool, parseToolDefinition, type RequestPreview } from "../../tools";
import { inspectOpenApi, type InspectedOperation } from "./index";

type Doc = Record<string, unknown>;
const ok = { "200": { description: "ok" } };
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

function withBody(schema: unknown, media = "application/xml"): string {
  return JSON.stringify({
    openapi: "3.0.3", info: { title: "Shop", version: "1" }, servers: [{ url: "https://api.example.test" }],
    paths: { "/orders": { post: { operationId: "createOrder", requestBody: { required: true, content: { [media]: { schema } } }, responses: ok } } },
  });
}

async function only(text: string): Promise<InspectedOperation> {
  const { operations } = await inspectOpenApi(text);
  expect(operations).toHaveLength(1);
  return operations[0]!;
}

async function imported(text: string) {
  const operation = await only(text);
  if (!operation.importable) throw new Error(`not importable: ${operation.reason}`);
  return operation;
}

/** What the imported tool would send: its dry run, which renders exactly as a real call. */
async function sentFor(text: string, args: Doc): Promise<RequestPreview> {
  const { tool } = await imported(text);
  const response = await executeTool(parseToolDefinition(tool), args, { dryRun: true });
  if (!response.ok) throw new Error(response.message);
  return (response.content as { request: RequestPreview }).request;
}

const order = {
  type: "object",
  xml: { name: "Order", namespace: "urn:shop" },
  required: ["id"],
  properties: {
    id: { type: "string", xml: { attribute: true } },
    customerName: { type: "string", xml: { name: "Customer" } },
    lines: { type: "array", xml: { wrapped: true, name: "Lines" }, items: { type: "object", xml: { name: "Line" }, properties: { sku: { type: "string" }, quantity: { type: "integer" } } } },
    notes: { type: "array", items: { type: "string", xml: { name: "Note" } } },
  },
};

describe("XML request bodies", () => {
  it("become an XML body template named by the document's xml objects", async () => {
    const { tool } = await imported(withBody(order));
    expect(tool.request.body_format).toBe("xml");
    expect(tool.request.body).toEqual({
      Order: { "@xmlns": "urn:shop", "@id": "{{id}}", Customer: "{{customer_name}}", Lines: { Line: "{{lines}}" }, Note: "{{notes}}" },
    });
    expect(tool.request.headers).toEqual({});
  });

  it("send the document the API describes", async () => {
    const request = await sentFor(withBody(order), { id: "A&1", customer_name: "Ada", lines: [{ sku: "s1", quantity: 2 }], notes: ["gift", "fragile"] });
    expect(request.body).toBe(`${DECLARATION}<Order xmlns="urn:shop" id="A&amp;1"><Customer>Ada</Customer><Lines><Line><sku>s1</sku><quantity>2</quantity></Line></Lines><Note>gift</Note><Note>fragile</Note></Order>`);
    expect(request.headers["Content-Type"]).toBe("application/xml");
  });

  it("keep text/xml as the Content-Type when the document says so", async () => {
    const { tool } = await imported(withBody({ ...order, xml: { name: "Order" } }, "text/xml"));
    expect(tool.request.headers).toEqual({ "Content-Type": "text/xml" });
  });

  it("take the root from the title without xml.name, and a prefix with its namespace", async () => {
    const { tool } = await imported(withBody({ type: "object", title: "CreateRoleRequest", xml: { prefix: "iam", namespace: "urn:iam" }, properties: { RoleName: { type: "string" } } }));
    expect(tool.request.body).toEqual({ "iam:CreateRoleRequest": { "@xmlns:iam": "urn:iam", RoleName: "{{role_name}}" } });
  });

  it("prefer JSON, then a form, when the operation also offers them", async () => {
    const text = JSON.stringify({
      openapi: "3.0.3", info: { title: "Shop", version: "1" }, servers: [{ url: "https://api.example.test" }],
      paths: { "/orders": { post: { requestBody: { content: { "application/xml": { schema: order }, "application/json": { schema: order } } }, responses: ok } } },
    });
    expect((await imported(text)).tool.request.body_format).toBeUndefined();
  });

  it("read Swagger 2.0 bodies that consume only XML", async () => {
    const text = JSON.stringify({
      swagger: "2.0", info: { title: "Shop", version: "1" }, host: "api.example.test", schemes: ["https"], consumes: ["application/xml"],
      paths: { "/orders": { post: { parameters: [{ name: "body", in: "body", required: true, schema: order }], responses: ok } } },
    });
    expect((await imported(text)).tool.request.body_format).toBe("xml");
  });

  it.each<[string, unknown, RegExp]>([
    ["a root without a name", { type: "object", properties: { a: { type: "string" } } }, /does not name its root element/],
    ["a bare value", { type: "string", xml: { name: "Note" } }, /its XML request body is a bare value/],
    ["an attribute holding an object", { type: "object", xml: { name: "R" }, required: ["a"], properties: { a: { type: "object", properties: {}, xml: { attribute: true } } } }, /XML attribute a holds an object/],
    ["a deeper element named otherwise", { type: "object", xml: { name: "R" }, required: ["a"], properties: { a: { type: "object", properties: { b: { type: "string", xml: { name: "B" } } } } } }, /the XML element a names its field b as B in XML, which a tool cannot reproduce below the top level/],
    ["a deeper attribute", { type: "object", xml: { name: "R" }, required: ["a"], properties: { a: { type: "object", properties: { b: { type: "string", xml: { attribute: true } } } } } }, /sends its field b as an attribute/],
    ["a deeper wrapped list", { type: "object", xml: { name: "R" }, required: ["a"], properties: { a: { type: "object", properties: { b: { type: "array", xml: { wrapped: true }, items: { type: "string" } } } } } }, /wraps its list b/],
    ["two fields written as one element", { type: "object", xml: { name: "R" }, properties: { a: { type: "string", xml: { name: "X" } }, b: { type: "string", xml: { name: "X" } } } }, /writes two fields as X/],
  ])("refuse %s, saying why", async (_case, schema, reason) => {
    const operation = await only(withBody(schema));
    expect(operation.importable).toBe(false);
    if (!operation.importable) expect(operation.reason).toMatch(reason);
  });
});
