/**
 * Postman collections → tools (docs/importers.md "Postman collections"): folders become groups,
 * variables with a value are resolved and the others become parameters (never in the host), path
 * variables become parameters, auth is inherited as Postman does and becomes empty secret headers or
 * a shared query credential, raw JSON and urlencoded bodies become templates, and every tool offered
 * passes the validator. Bad input gets one clear reason.
 */
import { describe, expect, it } from "vitest";
import { parseToolDefinition } from "../../tools";
import type { InspectedOperation } from "../openapi";
import { NotImportable } from "../openapi/not-importable";
import { inspectPostman, looksLikePostmanCollection } from "./index";

const V21 = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

/** A v2.1 collection with folders, variables, inherited auth and both body kinds. */
const SHOP = {
  info: { name: "Shop API", schema: V21 },
  variable: [
    { key: "baseUrl", value: "https://api.shop.test/v2" },
    { key: "apiVersion", value: "2024-01" },
    { key: "customerId", value: "", description: "Whose orders." },
  ],
  auth: { type: "apikey", apikey: [{ key: "key", value: "api_key" }, { key: "value", value: "sk-live-not-imported" }, { key: "in", value: "query" }] },
  item: [
    {
      name: "Orders",
      item: [
        {
          name: "Get order",
          request: {
            method: "GET",
            url: { raw: "{{baseUrl}}/orders/:orderId?expand={{expand}}&version={{apiVersion}}", host: ["{{baseUrl}}"], path: ["orders", ":orderId"], query: [{ key: "expand", value: "{{expand}}" }, { key: "version", value: "{{apiVersion}}" }, { key: "api_key", value: "sk-query-not-imported" }, { key: "debug", value: "1", disabled: true }], variable: [{ key: "orderId", description: "The order's id." }] },
            header: [{ key: "Accept", value: "application/json" }, { key: "X-Api-Key", value: "sk-header-not-imported" }],
          },
        },
        {
          name: "Create order",
          request: {
            method: "POST",
            url: "{{baseUrl}}/customers/{{customerId}}/orders",
            header: [{ key: "Content-Type", value: "application/json" }],
            body: { mode: "raw", raw: '{"sku": "{{sku}}", "quantity": {{quantity}}, "note": "gift"}', options: { raw: { language: "json" } } },
          },
        },
      ],
    },
    {
      name: "Payments",
      auth: { type: "bearer", bearer: [{ key: "token", value: "{{token}}" }] },
      item: [
        { name: "Charge card", request: { method: "POST", url: "{{baseUrl}}/charges", body: { mode: "urlencoded", urlencoded: [{ key: "amount", value: "{{amount}}" }, { key: "currency", value: "eur" }, { key: "old", value: "x", disabled: true }] } } },
        { name: "Upload receipt", request: { method: "POST", url: "{{baseUrl}}/receipts", body: { mode: "formdata", formdata: [{ key: "file", type: "file", src: "a.pdf" }] } } },
        { name: "Public status", request: { method: "GET", auth: { type: "noauth" }, url: "https://status.shop.test/ping" } },
      ],
    },
    { name: "Regional", request: { method: "GET", url: "https://{{region}}.shop.test/ping" } },
  ],
};

function byKey(operations: readonly InspectedOperation[], key: string) {
  const operation = operations.find((entry) => entry.key === key);
  if (!operation) throw new Error(`no operation ${key}`);
  return operation;
}

function importable(operations: readonly InspectedOperation[], key: string) {
  const operation = byKey(operations, key);
  if (!operation.importable) throw new Error(`${key} not importable: ${operation.reason}`);
  // Every tool offered is one the validator accepts.
  parseToolDefinition(operation.tool);
  return operation;
}

describe("a Postman collection", () => {
  const inspected = inspectPostman(SHOP);

  it("is recognised, read with its title, and lists its variables with the values the tools use (undeclared ones too, not those only auth uses)", () => {
    expect(looksLikePostmanCollection(SHOP)).toBe(true);
    expect(looksLikePostmanCollection({ openapi: "3.0.0", info: { title: "x" } })).toBe(false);
    expect([inspected.kind, inspected.title, inspected.version]).toEqual(["postman", "Shop API", "Postman collection v2.1"]);
    expect(inspected.variables.map((variable) => [variable.name, variable.value])).toEqual([
      ["baseUrl", "https://api.shop.test/v2"], ["apiVersion", "2024-01"], ["customerId", ""], ["expand", ""], ["sku", ""], ["quantity", ""], ["amount", ""], ["region", ""],
    ]);
    expect(inspected.operations.map((operation) => [operation.key, operation.importable])).toEqual([
      ["Orders / Get order", true], ["Orders / Create order", true], ["Payments / Charge card", true], ["Payments / Upload receipt", false], ["Payments / Public status", true], ["Regional", false],
    ]);
  });

  it("resolves variables with a value, makes the others parameters, and a path variable one too; folders are groups", () => {
    const { tool, warnings } = importable(inspected.operations, "Orders / Get order");
    expect(tool.name).toBe("get_order");
    expect(tool.group).toBe("Orders");
    expect(tool.request.url).toBe("https://api.shop.test/v2/orders/{{order_id}}");
    expect(tool.request.query).toEqual({ expand: "{{expand}}", version: "2024-01" });
    expect(tool.parameters.required).toEqual(["order_id", "expand"]);
    expect(tool.parameters.properties.order_id).toEqual({ type: "string", description: "The order's id." });
    expect(warnings).toContain("The query parameter api_key is left out: the shared credential sets it.");
  });

  it("never imports a credential: the collection's query API key is a shared query credential, a key-like header an empty secret header", () => {
    const operation = importable(inspected.operations, "Orders / Get order");
    expect(operation.credential).toMatchObject({ name: "shop_api_api_key", kind: "query", parameterName: "api_key" });
    expect(operation.tool.auth).toEqual({ credential: "shop_api_api_key" });
    expect(operation.tool.request.headers).toEqual({ Accept: "application/json", "X-Api-Key": "" });
    expect(operation.tool.secret_headers).toEqual(["X-Api-Key"]);
    expect(JSON.stringify(inspected)).not.toContain("not-imported");
  });

  it("turns a raw JSON body into a template, a variable standing for a whole value into a placeholder", () => {
    const { tool, warnings } = importable(inspected.operations, "Orders / Create order");
    expect(tool.request.url).toBe("https://api.shop.test/v2/customers/{{customer_id}}/orders");
    expect(tool.request.body).toEqual({ sku: "{{sku}}", quantity: "{{quantity}}", note: "gift" });
    expect(tool.side_effect).toBe(true);
    expect(tool.parameters.properties.customer_id).toMatchObject({ description: "The collection's {{customerId}}." });
    expect(warnings).toContain("The header Content-Type is left out: Quiver sets it.");
  });

  it("sends urlencoded fields as a form body, with the folder's bearer auth as an empty secret header", () => {
    const { tool, secrets, credential } = importable(inspected.operations, "Payments / Charge card");
    expect([tool.request.body_format, tool.request.body]).toEqual(["form", { amount: "{{amount}}", currency: "eur" }]);
    expect([tool.secret_headers, tool.request.headers, credential]).toEqual([["Authorization"], { Authorization: "" }, null]);
    expect(secrets[0]!.note).toMatch(/Bearer/);
  });

  it("honours a request's own 'no auth' over the inherited one", () => {
    const { tool } = importable(inspected.operations, "Payments / Public status");
    expect([tool.secret_headers, tool.auth ?? null, tool.request.url]).toEqual([[], null, "https://status.shop.test/ping"]);
  });

  it("refuses, with its reason, what a tool cannot send, and a host a variable without value would choose", () => {
    const upload = byKey(inspected.operations, "Payments / Upload receipt");
    expect(!upload.importable && upload.reason).toBe("its body is multipart form data, which a tool cannot send (it sends JSON, XML or urlencoded forms)");
    const regional = byKey(inspected.operations, "Regional");
    expect(!regional.importable && regional.reason).toBe('its URL\'s scheme, host or port comes from {{region}}, which has no value: give it one under "Collection variables"');
  });

  it("takes the operator's variable values over the collection's", () => {
    const given = inspectPostman(SHOP, { variables: { region: "eu", baseUrl: "https://sandbox.shop.test" } });
    expect(importable(given.operations, "Regional").tool.request.url).toBe("https://eu.shop.test/ping");
    expect(importable(given.operations, "Orders / Get order").tool.request.url).toBe("https://sandbox.shop.test/orders/{{order_id}}");
  });

  it("reads a v2.0 collection (URLs as strings, auth as objects) the same way; Basic auth with a user name is a basic credential", () => {
    const v20 = {
      info: { name: "Old", schema: "https://schema.getpostman.com/json/collection/v2.0.0/collection.json" },
      item: [
        { name: "List things", request: { method: "GET", url: "https://old.test/things?page={{page}}", auth: { type: "basic", basic: { username: "reporter", password: "p4ss-not-imported" } } } },
        { name: "Anyone", request: { method: "GET", url: "https://old.test/anyone", auth: { type: "basic", basic: { username: "{{user}}", password: "" } } } },
        { name: "Nobody yet", request: { method: "GET", url: "https://old.test/nobody", auth: { type: "basic", basic: { username: "", password: "" } } } },
      ],
    };
    const inspected = inspectPostman(v20);
    const { tool, credential } = importable(inspected.operations, "List things");
    expect([tool.request.url, tool.request.query, tool.secret_headers, tool.auth]).toEqual(["https://old.test/things", { page: "{{page}}" }, [], { credential: "old_basic" }]);
    expect(credential).toEqual({ name: "old_basic", kind: "basic", username: "reporter", note: "Basic auth as reporter: enter the password (the collection's basic auth)" });
    expect(JSON.stringify(inspected)).not.toContain("p4ss-not-imported");
    // A user name the collection leaves to a variable without value: an empty Authorization header to fill.
    const anyone = importable(inspected.operations, "Anyone");
    expect([anyone.tool.secret_headers, anyone.credential]).toEqual([["Authorization"], null]);
    expect(anyone.secrets[0]!.note).toMatch(/Basic/);
    // No user name at all: still a basic credential, whose user name the operator types at import.
    expect(importable(inspected.operations, "Nobody yet").credential).toEqual({ name: "old_basic", kind: "basic", username: "", note: "Basic auth: a user name and password (the collection's basic auth)" });
  });
});

describe("bad input", () => {
  const reason = (document: Record<string, unknown>) => {
    try {
      inspectPostman(document);
    } catch (error) {
      if (error instanceof NotImportable) return error.reason;
      throw error;
    }
    throw new Error("read");
  };

  it("refuses a v1 collection, an unknown schema and a collection without items, each with one reason", () => {
    expect(reason({ name: "v1", requests: [], order: [] })).toMatch(/Postman collection v1, which Quiver does not read: export it from Postman as Collection v2.1/);
    expect(reason({ info: { name: "x", schema: "https://schema.getpostman.com/json/collection/v3.0.0/" }, item: [] })).toMatch(/names no v2.0 or v2.1 schema/);
    expect(reason({ info: { name: "x", schema: V21 } })).toBe("this Postman collection has no item list");
  });

  it("refuses an auth it cannot express, naming it, and a method tools do not send", () => {
    const document = {
      info: { name: "x", schema: V21 },
      item: [
        { name: "Signed", request: { method: "GET", url: "https://aws.test/", auth: { type: "awsv4", awsv4: [] } } },
        { name: "Options", request: { method: "OPTIONS", url: "https://aws.test/" } },
      ],
    };
    const [signed, options] = inspectPostman(document).operations;
    expect(!signed!.importable && signed!.reason).toMatch(/^its awsv4 auth cannot be expressed/);
    expect(!options!.importable && options!.reason).toBe("OPTIONS is not a method Quiver tools send");
  });
});
