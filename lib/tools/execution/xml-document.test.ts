/**
 * SPEC §1.8 XML bodies on the wire: each rule of the element mapping rendered exactly, values
 * escaped so an argument can never add markup, and what an argument brings that XML cannot carry
 * refused with where — never sent altered.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseToolDefinition } from "../definition";
import { renderRequest } from "./render-request";

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const PARAMETERS = {
  type: "object",
  properties: {
    text: { type: "string" },
    count: { type: "integer" },
    flag: { type: "boolean" },
    names: { type: "array", items: { type: "string" } },
    tags: { type: "array", items: { type: "object", properties: { key: { type: "string" }, value: { type: "string" } } } },
    extra: { type: "object", additionalProperties: true },
  },
};

function render(body: unknown, args: Record<string, unknown>, headers: Record<string, string> = {}) {
  const def = parseToolDefinition({
    name: "send_xml",
    description: "XML rendering under test.",
    parameters: PARAMETERS,
    request: { method: "POST", url: "https://api.example.com/v1", headers, body, body_format: "xml" },
  });
  return renderRequest(def, args);
}

function sent(body: unknown, args: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const outcome = render(body, args, headers);
  if (!outcome.ok) throw new Error(`expected a rendered request, got ${JSON.stringify(outcome.issues)}`);
  return outcome.request;
}

describe("renderRequest: XML bodies (SPEC §1.8)", () => {
  it.each([
    ["text, numbers and booleans as element text", { Order: { Note: "x y", N: 3, F: true } }, {}, "<Order><Note>x y</Note><N>3</N><F>true</F></Order>"],
    ["a sole placeholder's typed value", { Order: { N: "{{count}}", F: "{{flag}}" } }, { count: 7, flag: false }, "<Order><N>7</N><F>false</F></Order>"],
    ["attributes (@) and the element's own text (#text)", { Price: { "@currency": "EUR", "@xmlns": "urn:shop", "#text": "{{count}}" } }, { count: 5 }, '<Price currency="EUR" xmlns="urn:shop">5</Price>'],
    ["a list repeating its element", { Names: { Name: "{{names}}" } }, { names: ["a", "b"] }, "<Names><Name>a</Name><Name>b</Name></Names>"],
    ["a list of objects, each an element of its fields", { Req: { Tag: "{{tags}}" } }, { tags: [{ key: "k1", value: "v1" }, { key: "k2" }] }, "<Req><Tag><key>k1</key><value>v1</value></Tag><Tag><key>k2</key></Tag></Req>"],
    ["no element or attribute for an absent argument", { Req: { Note: "{{text}}", "@mode": "{{text}}", Keep: "k" } }, {}, "<Req><Keep>k</Keep></Req>"],
    ["an empty element for an object with nothing in it", { Req: { Empty: {} } }, {}, "<Req><Empty/></Req>"],
    ["the root even when its content is absent", { Req: "{{extra}}" }, {}, "<Req/>"],
    ["mixed text interpolated, then escaped", { Req: { Note: "order {{text}} ×{{count}}" } }, { text: "A&B", count: 2 }, "<Req><Note>order A&amp;B ×2</Note></Req>"],
    ["prefixed names", { "s:Envelope": { "@xmlns:s": "http://schemas.xmlsoap.org/soap/envelope/", "s:Body": { Ping: "1" } } }, {}, '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><Ping>1</Ping></s:Body></s:Envelope>'],
  ])("writes %s", (_rule, body, args, expected) => {
    const request = sent(body, args);
    expect(request.body).toBe(DECLARATION + expected);
    expect(request.headers["Content-Type"]).toBe("application/xml");
  });

  it("keeps a Content-Type the definition sets (a document's text/xml)", () => {
    expect(sent({ Req: { A: "1" } }, {}, { "Content-Type": "text/xml" }).headers).toEqual({ "Content-Type": "text/xml" });
  });

  it("escapes text and attribute values, so an argument never adds markup", () => {
    const request = sent({ Req: { "@note": "{{text}}", Body: "{{text}}" } }, { text: '</Body><Admin a="1">&\n' });
    expect(request.body).toBe(`${DECLARATION}<Req note="&lt;/Body>&lt;Admin a=&quot;1&quot;>&amp;&#10;"><Body>&lt;/Body&gt;&lt;Admin a="1"&gt;&amp;\n</Body></Req>`);
  });

  it("refuses, with where, what an argument brings that XML cannot carry", () => {
    expect(render({ Req: { Extra: "{{extra}}" } }, { extra: { "bad name": "x" } })).toEqual({ ok: false, issues: [{ path: "request.body", message: 'Req.Extra.bad name: "bad name" is not an XML name' }] });
    expect(render({ Req: { Note: "{{text}}" } }, { text: "bell \u0007" })).toEqual({ ok: false, issues: [{ path: "request.body", message: "Req.Note: holds a control character that XML cannot carry" }] });
    expect(render({ Req: { "@a": "{{names}}" } }, { names: ["x"] })).toMatchObject({ ok: false, issues: [{ message: expect.stringContaining("Req.@a: an attribute or an element's text holds text, a number or a boolean, not a list") }] });
  });

  it("reads back as the text it was given, whatever the text (property)", () => {
    const unescape = (xml: string) => xml.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#9;/g, "\t").replace(/&#10;/g, "\n").replace(/&#13;/g, "\r").replace(/&amp;/g, "&");
    const carriable = fc.string({ unit: "grapheme" }).filter((text) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(text));
    fc.assert(
      fc.property(carriable, (text) => {
        const body = sent({ Req: { "@a": "{{text}}", B: "{{text}}" } }, { text }).body ?? "";
        const match = /^<\?xml[^>]*\?><Req a="([^"]*)"><B>([^<]*)<\/B><\/Req>$/.exec(body);
        expect(match).not.toBeNull();
        expect(unescape(match![1]!)).toBe(text);
        expect(unescape(match![2]!)).toBe(text);
      }),
    );
  });
});
