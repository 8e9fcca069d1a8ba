/**
 * SPEC §1.8 `body_format: "xml"` when written: one root element, names XML accepts, attributes and
 * text that hold scalars, no null, no list directly in a list — each refused at its path with a
 * sentence to act on — and the canonical form keeps the format after the body.
 */
import { describe, expect, it } from "vitest";
import { parseToolDefinition, serializeToolDefinition, toPersistedForm } from "./definition";
import { documentWith, problemsOf } from "./test-support/definition-fixtures";

const PARAMETERS = { type: "object", properties: { id: { type: "string" }, tags: { type: "array", items: { type: "string" } } } };
const withXml = (body: unknown, method = "POST") =>
  documentWith({ parameters: PARAMETERS, request: { method, url: "https://api.example.com/orders", body, body_format: "xml" } });
const messagesAt = (input: unknown, path: string) => problemsOf(input).filter((issue) => issue.path === path).map((issue) => issue.message);

describe("request.body_format xml (SPEC §1.8)", () => {
  it("keeps xml after the body, and reads its own output back to the same bytes", () => {
    const definition = parseToolDefinition(withXml({ Order: { "@xmlns": "urn:shop", Id: "{{id}}", Tag: "{{tags}}", Note: { "@lang": "en", "#text": "hi" } } }));
    const persisted = toPersistedForm(definition);
    expect(Object.keys(persisted.request)).toEqual(["method", "url", "headers", "query", "body", "body_format"]);
    expect(persisted.request.body_format).toBe("xml");
    expect(serializeToolDefinition(parseToolDefinition(persisted))).toBe(serializeToolDefinition(definition));
  });

  it.each<[string, unknown, string, string]>([
    ["no body", null, "request.body", "an XML body needs its root element"],
    ["a list", ["a"], "request.body", "an XML body must be an object holding its root element, found a list"],
    ["text", "<Order/>", "request.body", "an XML body must be an object holding its root element, found a string"],
    ["two roots", { A: "1", B: "2" }, "request.body", "an XML document has one root element, found 2 (A, B): wrap them in one"],
    ["no root", {}, "request.body", "an XML document has one root element, found none"],
    ["a root name XML refuses", { "1st": "x" }, "request.body.1st", '"1st" is not an XML element name'],
    ["an element name with a space", { Order: { "order id": "{{id}}" } }, "request.body.Order.order id", '"order id" is not an XML element name'],
    ["an attribute name XML refuses", { Order: { "@9": "x" } }, "request.body.Order.@9", '"9" is not an XML attribute name'],
    ["an attribute holding an object", { Order: { "@a": { b: "1" } } }, "request.body.Order.@a", "an attribute holds text, a number or a boolean, found an object"],
    ["text holding a list", { Order: { "#text": ["a"] } }, "request.body.Order.#text", "an element's text holds text, a number or a boolean, found a list"],
    ["a null element", { Order: { Id: null } }, "request.body.Order.Id", "an XML element cannot be null: leave the element out, or give it a value"],
    ["a list in a list", { Order: { Tag: [["a"]] } }, "request.body.Order.Tag.0", "a list inside a list has no element name for its items"],
  ])("refuses %s, at its path", (_case, body, path, message) => {
    expect(messagesAt(withXml(body), path)).toEqual([expect.stringContaining(message)]);
  });

  it("refuses a body format on a request that takes no body", () => {
    expect(messagesAt(documentWith({ request: { method: "GET", url: "https://api.example.com/orders", body_format: "xml" } }), "request.body_format")).toEqual([
      "a GET request takes no body, so it has no body format: remove body_format",
    ]);
  });

  it("checks placeholders in an XML body like any body", () => {
    expect(messagesAt(withXml({ Order: { Id: "{{missing}}" } }), "request.body.Order.Id")).toEqual([expect.stringContaining("missing")]);
  });
});
