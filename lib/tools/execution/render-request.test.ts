import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseToolDefinition } from "../definition";
import type { TurnContext } from "../placeholders";
import { renderRequest, type RenderOutcome } from "./render-request";

const PARAMETERS = {
  type: "object",
  properties: {
    id: { type: "string" },
    text: { type: "string" },
    count: { type: "integer" },
    flag: { type: "boolean" },
    ids: { type: "array", items: { type: "string" } },
    filter: { type: "object", properties: { kind: { type: "string" } } },
  },
  // Authoring requires a path placeholder to name a required parameter; the rest stay optional.
  required: ["id", "count"],
};

function render(request: Record<string, unknown>, args: Record<string, unknown>, context: TurnContext = {}, secretHeaders: string[] = []) {
  const def = parseToolDefinition({
    name: "render_me",
    description: "Rendering under test.",
    parameters: PARAMETERS,
    request: { method: "GET", url: "https://api.example.com/v1", ...request },
    secret_headers: secretHeaders,
  });
  return renderRequest(def, args, context);
}

function rendered(outcome: RenderOutcome) {
  if (!outcome.ok) throw new Error(`expected a rendered request, got ${JSON.stringify(outcome.issues)}`);
  return outcome.request;
}

const WELL_FORMED = /^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

describe("renderRequest: URL", () => {
  it.each([
    ["percent-encodes a path placeholder", "https://api.example.com/orders/{{id}}", { id: "a/b c?#&" }, "https://api.example.com/orders/a%2Fb%20c%3F%23%26"],
    ["percent-encodes a placeholder inside the URL's query", "https://api.example.com/s?q={{text}}&x=1", { text: "a&b=c d" }, "https://api.example.com/s?q=a%26b%3Dc%20d&x=1"],
    ["drops a URL query entry whose sole placeholder is absent", "https://api.example.com/s?q={{text}}&x=1", {}, "https://api.example.com/s?x=1"],
    ["keeps a bare flag entry and an empty value", "https://api.example.com/s?flag&empty=", {}, "https://api.example.com/s?flag&empty="],
    ["renders a number in the path as written", "https://api.example.com/page/{{count}}", { count: 42 }, "https://api.example.com/page/42"],
    ["keeps a segment an empty argument leaves non-empty", "https://api.example.com/x-{{id}}/y", { id: "" }, "https://api.example.com/x-/y"],
    ["fills a ctx field in the path from the turn", "https://api.example.com/t/{{ctx.tenant}}/orders", {}, "https://api.example.com/t/acme%20co/orders"],
  ])("%s", (_rule, url, args, expected) => {
    expect(rendered(render({ url }, args, { tenant: "acme co" })).url.href).toBe(expected);
  });

  it.each<[string, string, Record<string, unknown>, TurnContext, string]>([
    ["a ctx field the turn did not supply", "https://api.example.com/t/{{ctx.tenant}}/orders", {}, {}, "{{ctx.tenant}} has no value, and the URL path needs one"],
    ["a ctx field inside a segment", "https://api.example.com/t-{{ctx.tenant}}/orders", {}, {}, "{{ctx.tenant}} has no value"],
    ["a required argument that is missing anyway", "https://api.example.com/orders/{{id}}/items", {}, {}, "{{id}} has no value"],
    ["an argument that renders an empty segment", "https://api.example.com/orders/{{id}}/items", { id: "" }, {}, "renders an empty path segment"],
    ["arguments that together render an empty segment", "https://api.example.com/orders/{{id}}{{ctx.chat_id}}/items", { id: "" }, { chat_id: "" }, "renders an empty path segment"],
  ])("refuses %s instead of sending to another endpoint", (_case, url, args, context, message) => {
    expect(render({ url }, args, context)).toEqual({ ok: false, issues: [{ path: "request.url", message: expect.stringContaining(message) }] });
  });

  it.each([
    ["URL-encodes each entry", { q: "{{text}}" }, { text: "a b&c=d+e" }, {}, "q=a%20b%26c%3Dd%2Be"],
    ["drops an entry whose whole value is an absent optional argument", { q: "{{text}}", n: "{{count}}" }, { count: 3 }, {}, "n=3"],
    ["drops an entry whose whole value is an absent ctx field", { tenant: "{{ctx.tenant}}", n: "1" }, {}, {}, "n=1"],
    ["fills a ctx field from the turn", { tenant: "{{ ctx.tenant }}" }, {}, { tenant: "acme co" }, "tenant=acme%20co"],
    ["interpolates an absent value inside text as empty", { q: "t-{{text}}" }, {}, {}, "q=t-"],
    ["keeps an entry whose placeholder has text around it, even blanks", { n: " {{text}} " }, {}, {}, "n=%20%20"],
    ["renders a placeholder with blanks around it as text", { n: " {{count}} " }, { count: 3 }, {}, "n=%203%20"],
    ["repeats the key for each item of a list", { id: "{{ids}}" }, { ids: ["a", "b c"] }, {}, "id=a&id=b%20c"],
    ["writes an object as JSON text", { f: "{{filter}}" }, { filter: { kind: "x" } }, {}, `f=${encodeURIComponent('{"kind":"x"}')}`],
    ["encodes literal text in a query value", { "a b": "c&d" }, {}, {}, "a%20b=c%26d"],
  ])("query: %s", (_rule, query, args, context, expected) => {
    expect(rendered(render({ query }, args, context)).url.search).toBe(`?${expected}`);
  });

  it.each([
    ["/files/{{id}}/meta", "."],
    ["/files/{{id}}/meta", ".."],
    ["/files/{{id}}./meta", "."],
    ["/files/%2E{{id}}", "."],
  ])("refuses an argument that makes %s a dot segment (id %j)", (path, id) => {
    const outcome = render({ url: `https://api.example.com${path}` }, { id });
    expect(outcome).toEqual({ ok: false, issues: [{ path: "request.url", message: expect.stringContaining("path segment") }] });
  });

  it("does not throw on a lone surrogate (it becomes U+FFFD)", () => {
    expect(rendered(render({ url: "https://api.example.com/{{id}}" }, { id: "a\ud800" })).url.pathname).toBe("/a%EF%BF%BD");
  });
});

describe("renderRequest: headers", () => {
  it.each([
    ["interpolates text", { "X-Id": "order {{id}}" }, { id: "7" }, { "X-Id": "order 7" }],
    ["drops a header whose whole value is absent", { "X-Text": "{{text}}", "X-Tenant": "{{ctx.tenant}}", Accept: "application/json" }, {}, { Accept: "application/json" }],
    ["keeps non-ASCII Latin-1", { "X-Name": "{{text}}" }, { text: "café" }, { "X-Name": "café" }],
  ])("%s", (_rule, headers, args, expected) => {
    expect(rendered(render({ headers }, args)).headers).toEqual(expected);
  });

  it.each([
    ["CR LF", "a\r\nX-Injected: 1", "line break or NUL"],
    ["LF", "a\nb", "line break or NUL"],
    ["NUL", "a\0b", "line break or NUL"],
    ["another control character", "a\u0001b", "cannot carry"],
    ["a character outside Latin-1", "日本", "cannot carry"],
  ])("refuses a value with %s after rendering", (_case, text, message) => {
    const outcome = render({ headers: { "X-Text": "v={{text}}", "X-Id": "{{id}}" } }, { text, id: "\n" });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues).toEqual([
      { path: "request.headers.X-Text", message: expect.stringContaining(message) },
      { path: "request.headers.X-Id", message: expect.stringContaining("line break or NUL") },
    ]);
  });

  it("leaves secret headers out: their values are injected later, never rendered", () => {
    const request = rendered(render({ headers: { Authorization: "Bearer sk-1", Accept: "*/*" } }, {}, {}, ["authorization"]));
    expect(request.headers).toEqual({ Accept: "*/*" });
  });
});

describe("renderRequest: body", () => {
  const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: "POST", body, headers });

  it.each([
    ["keeps a sole placeholder's type", { n: "{{count}}", f: "{{flag}}", o: "{{filter}}", l: "{{ids}}" }, { count: 3, flag: false, filter: { kind: "k" }, ids: ["x"] }, { n: 3, f: false, o: { kind: "k" }, l: ["x"] }],
    ["interpolates mixed text", { note: "order {{id}} x{{count}}" }, { id: "A", count: 2 }, { note: "order A x2" }],
    ["omits a property whose sole placeholder is absent", { text: "{{text}}", t: "{{ctx.tenant}}", keep: 1 }, {}, { keep: 1 }],
    ["turns an absent sole placeholder in a list into null", { items: ["{{text}}", "{{count}}"] }, { count: 1 }, { items: [null, 1] }],
    ["renders a placeholder with blanks around it as text, not as its typed value", { n: " {{count}} ", f: "{{flag}} " }, { count: 3, flag: true }, { n: " 3 ", f: "true " }],
    ["keeps a __proto__ key as a key", JSON.parse('{"__proto__": "{{id}}", "x": 1}'), { id: "v" }, JSON.parse('{"__proto__": "v", "x": 1}')],
    ["leaves literal structure alone", { a: [1, { b: null }], c: "no placeholders" }, {}, { a: [1, { b: null }], c: "no placeholders" }],
  ])("%s", (_rule, body, args, expected) => {
    const request = rendered(render(post(body), args));
    expect(JSON.parse(request.body ?? "")).toEqual(expected);
    expect(request.headers["Content-Type"]).toBe("application/json");
  });

  it("keeps a Content-Type the definition sets, whatever its case", () => {
    const request = rendered(render(post({ a: 1 }, { "content-type": "application/vnd.api+json" }), {}));
    expect(request.headers).toEqual({ "content-type": "application/vnd.api+json" });
  });

  it("sends a body that renders to a string as text", () => {
    const request = rendered(render(post("id={{id}}&n={{count}}"), { id: "a b", count: 2 }));
    expect(request.body).toBe("id=a b&n=2");
    expect(request.headers["Content-Type"]).toBe("text/plain; charset=utf-8");
  });

  it("sends no body when the whole body is an absent placeholder", () => {
    const request = rendered(render(post("{{filter}}"), {}));
    expect(request.body).toBeNull();
    expect(request.headers).toEqual({});
  });
});

describe("renderRequest: form bodies (SPEC §1.8)", () => {
  const form = (body: unknown, headers: Record<string, string> = {}) => ({ method: "POST", body, body_format: "form", headers });

  it.each([
    ["text, numbers and booleans as fields", { a: "x y", n: 3, f: true }, {}, "a=x+y&n=3&f=true"],
    ["a sole placeholder's typed value", { n: "{{count}}", f: "{{flag}}", t: "{{text}}" }, { count: 7, flag: false, text: "a&b=c" }, "n=7&f=false&t=a%26b%3Dc"],
    ["a list as repeated keys", { ids: "{{ids}}", fixed: ["a", "b"] }, { ids: ["x", "y"] }, "ids=x&ids=y&fixed=a&fixed=b"],
    ["an object as bracketed keys", { filter: "{{filter}}", metadata: { order: "{{id}}", n: 1 } }, { filter: { kind: "k" }, id: "A" }, "filter%5Bkind%5D=k&metadata%5Border%5D=A&metadata%5Bn%5D=1"],
    ["a list of objects with indexes", { items: [{ price: "p1", quantity: 2 }, { price: "p2" }] }, {}, "items%5B0%5D%5Bprice%5D=p1&items%5B0%5D%5Bquantity%5D=2&items%5B1%5D%5Bprice%5D=p2"],
    ["no field for an absent argument or an empty list", { t: "{{text}}", ids: "{{ids}}", keep: "k" }, { ids: [] }, "keep=k"],
    ["mixed text interpolated, then encoded", { note: "order {{id}} ×{{count}}" }, { id: "A/1", count: 2 }, "note=order+A%2F1+%C3%972"],
  ])("encodes %s", (_rule, body, args, expected) => {
    const request = rendered(render(form(body), args));
    expect(request.body).toBe(expected);
    expect(request.headers["Content-Type"]).toBe("application/x-www-form-urlencoded");
  });

  it("decodes to the same fields on the other side", () => {
    const request = rendered(render(form({ t: "{{text}}", ids: "{{ids}}" }), { text: "ü & = +", ids: ["1", "2"] }));
    const fields = new URLSearchParams(request.body ?? "");
    expect(fields.get("t")).toBe("ü & = +");
    expect(fields.getAll("ids")).toEqual(["1", "2"]);
  });

  it("keeps a Content-Type the definition sets", () => {
    const request = rendered(render(form({ a: "1" }, { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8" }), {}));
    expect(request.headers).toEqual({ "Content-Type": "application/x-www-form-urlencoded; charset=utf-8" });
  });
});

describe("renderRequest: query styles (SPEC §1.8)", () => {
  const withStyle = (style: string | null) => ({
    query: { ids: "{{ids}}", q: "{{text}}" },
    ...(style === null ? {} : { query_style: { ids: style } }),
  });

  it.each([
    [null, "https://api.example.com/v1?ids=a&ids=b%20c&ids=d%2Ce&q=x"],
    ["repeat", "https://api.example.com/v1?ids=a&ids=b%20c&ids=d%2Ce&q=x"],
    ["comma", "https://api.example.com/v1?ids=a,b%20c,d%2Ce&q=x"],
    ["space", "https://api.example.com/v1?ids=a%20b%20c%20d%2Ce&q=x"],
    ["pipe", "https://api.example.com/v1?ids=a|b%20c|d%2Ce&q=x"],
  ])("style %s: an item's own separator stays encoded", (style, expected) => {
    const url = rendered(render(withStyle(style), { ids: ["a", "b c", "d,e"], text: "x" })).url;
    expect(url.href).toBe(expected);
  });

  it("sends no entry for an empty list, whatever the style", () => {
    for (const style of [null, "comma", "pipe"]) {
      expect(rendered(render(withStyle(style), { ids: [], text: "x" })).url.search).toBe("?q=x");
    }
  });
});

describe("renderRequest: properties", () => {
  it("an argument never changes the path's segment structure (or it is refused)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (id) => {
        const outcome = render({ url: "https://api.example.com/a/{{id}}/b" }, { id });
        if (!outcome.ok) return [".", "..", ""].includes(id);
        const { url } = outcome.request;
        const segments = url.pathname.split("/");
        expect(url.origin).toBe("https://api.example.com");
        expect(segments).toHaveLength(4);
        expect([segments[0], segments[1], segments[3]]).toEqual(["", "a", "b"]);
        expect(url.search).toBe("");
        if (WELL_FORMED.test(id)) expect(decodeURIComponent(segments[2] ?? "")).toBe(id);
        return true;
      }),
    );
  });

  it("query values round-trip through URLSearchParams", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }).filter((s) => WELL_FORMED.test(s)), fc.string({ maxLength: 10 }), (text, id) => {
        const { url } = rendered(render({ url: "https://api.example.com/s?inline={{id}}", query: { q: "{{text}}", p: "pre {{text}}" } }, { text, id }));
        const params = new URLSearchParams(url.search);
        expect(params.get("q")).toBe(text);
        expect(params.get("p")).toBe(`pre ${text}`);
        expect(params.get("inline")).toBe(id);
        expect([...params.keys()]).toEqual(["inline", "q", "p"]);
      }),
    );
  });

  it("rendered headers and URLs never carry CR or LF: the value is refused or clean", () => {
    const text = fc.string({ unit: fc.constantFrom("a", " ", "\r", "\n", "\0", ":", "é", "x"), maxLength: 20 });
    fc.assert(
      fc.property(text, (value) => {
        const outcome = render({ url: "https://api.example.com/x?u={{text}}", headers: { "X-Text": "Bearer {{text}}" }, query: { t: "{{text}}" } }, { text: value });
        if (!outcome.ok) {
          expect(/[\r\n\0]/.test(value)).toBe(true);
          expect(outcome.issues).toEqual([{ path: "request.headers.X-Text", message: expect.stringContaining("line break or NUL") }]);
          return;
        }
        expect(outcome.request.headers["X-Text"]).toBe(`Bearer ${value}`);
        expect(outcome.request.url.href).not.toMatch(/[\r\n]/);
      }),
    );
  });
});
