import { describe, expect, it } from "vitest";
import { parseToolDefinition } from "./definition";
import { documentWith, problemsOf } from "./test-support/definition-fixtures";

/**
 * `city` (string, required) and `page` (integer, optional) are the declared parameters; `request`
 * is the whole request.
 */
function withRequest(request: Record<string, unknown>): Record<string, unknown> {
  const parameters = { type: "object", properties: { city: { type: "string" }, page: { type: "integer" } }, required: ["city"] };
  return documentWith({ parameters, request });
}

function messagesAt(input: unknown, path: string): string[] {
  return problemsOf(input).filter((issue) => issue.path === path).map((issue) => issue.message);
}

describe("request.method", () => {
  it.each(["get", "Post", "put", "PATCH", "delete", "head"])("accepts %s in any case and stores it upper-case", (method) => {
    const body = ["GET", "HEAD"].includes(method.toUpperCase()) ? undefined : { q: "{{city}}" };
    const definition = parseToolDefinition(withRequest({ method, url: "https://a.example/x", body }));
    expect(definition.request.method).toBe(method.toUpperCase());
  });

  it("defaults to GET when absent", () => {
    expect(parseToolDefinition(withRequest({ url: "https://a.example/x" })).request.method).toBe("GET");
  });

  it.each([["OPTIONS"], ["FETCH"], [""], [1]])("refuses %j", (method) => {
    expect(messagesAt(withRequest({ method, url: "https://a.example/x" }), "request.method")).toEqual([
      expect.stringMatching(/^must be one of GET, HEAD, POST, PUT, PATCH, DELETE, found/),
    ]);
  });

  it.each(["GET", "HEAD", "get"])("refuses a body with %s", (method) => {
    expect(messagesAt(withRequest({ method, url: "https://a.example/x", body: { a: 1 } }), "request.body")).toEqual([
      `a ${method.toUpperCase()} request takes no body: remove it, or use POST, PUT or PATCH`,
    ]);
  });

  it("accepts GET with a null body", () => {
    expect(parseToolDefinition(withRequest({ method: "GET", url: "https://a.example/x", body: null })).request.body).toBeNull();
  });
});

describe("request.url (SPEC §1.2)", () => {
  const accepted = [
    "https://api.example.com/orders/{{city}}",
    "http://api.example.com:8080/v1/{{ city }}/items?page={{page}}&tenant={{ctx.tenant}}",
    "https://api.example.com/search?q={{city}}#results",
    "HTTPS://API.EXAMPLE.COM/x",
    "https://[2001:db8::1]:8443/{{city}}",
  ];
  it.each(accepted)("accepts %s", (url) => {
    expect(parseToolDefinition(withRequest({ url })).request.url).toBe(url);
  });

  const refused: [string, unknown, RegExp][] = [
    ["a placeholder host", "https://{{host}}/x", /scheme, host and port must be literal/],
    ["a placeholder port", "https://api.example.com:{{port}}/", /scheme, host and port must be literal/],
    ["a placeholder in part of the host", "https://{{city}}.example.com/x", /scheme, host and port must be literal/],
    ["a placeholder straight after the host", "https://api.example.com{{city}}", /scheme, host and port must be literal/],
    ["a placeholder base URL", "{{base}}/x", /must start with a literal http:\/\/ or https:\/\//],
    ["a placeholder scheme", "{{scheme}}://api.example.com/x", /must start with a literal http/],
    ["a relative URL", "/orders/{{city}}", /must be an absolute http: or https: URL/],
    ["another scheme", "ftp://files.example.com/x", /must be an absolute http: or https: URL/],
    ["javascript:", "javascript:alert(1)", /must be an absolute http: or https: URL/],
    ["no host", "https:///x", /needs a host/],
    ["credentials in the URL", "https://user:pass@api.example.com/x", /must not carry credentials/],
    ["a space", "https://api.example.com/a b", /must not contain spaces/],
    ["a line break", "https://api.example.com/a\nb", /must not contain spaces or control characters/],
    ["a placeholder in the fragment", "https://api.example.com/x#{{city}}", /not after #/],
    ["an invalid port", "https://api.example.com:99999/x", /is not a valid URL/],
    ["a placeholder as a query name", "https://api.example.com/x?{{city}}=1", /query values only, not in names/],
    ["a placeholder in a later query name", "https://api.example.com/x?a=1&b{{page}}=2", /query values only, not in names/],
    ["a placeholder as a bare query flag", "https://api.example.com/x?a={{city}}&{{ctx.tenant}}", /query values only, not in names/],
    ["a missing url", undefined, /is required: an absolute http: or https: URL/],
    ["an empty url", "", /is required/],
    ["a non-text url", 42, /must be a string, found a number/],
  ];
  it.each(refused)("refuses %s", (_rule, url, message) => {
    expect(messagesAt(withRequest({ url }), "request.url")).toContainEqual(expect.stringMatching(message));
  });
});

describe("request.url: a path placeholder must always have a value", () => {
  const optionalInPath = (raw: string) =>
    `${raw} in the URL path names the optional parameter "page": without it the request would go to another endpoint; make "page" required, or move it to the query string`;

  it.each([
    ["between segments", "https://a.example/orders/{{page}}/items", "{{page}}"],
    ["inside a segment", "https://a.example/orders/p-{{ page }}", "{{ page }}"],
    ["twice (reported once)", "https://a.example/{{page}}/{{page}}", "{{page}}"],
    ["beside a required one", "https://a.example/{{city}}/{{page}}?x=1", "{{page}}"],
  ])("refuses an optional parameter %s", (_where, url, raw) => {
    expect(messagesAt(withRequest({ url }), "request.url")).toEqual([optionalInPath(raw)]);
  });

  it.each([
    ["a required parameter", "https://a.example/orders/{{city}}/items"],
    ["a ctx field (the turn supplies it; rendering refuses it missing)", "https://a.example/t/{{ctx.tenant}}/items"],
    ["an optional parameter in the query string", "https://a.example/orders?page={{page}}"],
  ])("accepts %s in the path", (_what, url) => {
    expect(parseToolDefinition(withRequest({ url })).request.url).toBe(url);
  });

  it("applies to the flat sugar's required flag too", () => {
    const flat = (required: boolean) =>
      documentWith({ parameters: [{ name: "id", type: "string", required }], request: { url: "https://a.example/orders/{{id}}" } });
    expect(parseToolDefinition(flat(true)).request.url).toBe("https://a.example/orders/{{id}}");
    expect(messagesAt(flat(false), "request.url")).toEqual([expect.stringMatching(/names the optional parameter "id"/)]);
  });

  it("leaves the rule to the required problem when required itself is unreadable", () => {
    const document = documentWith({
      parameters: { type: "object", properties: { id: { type: "string" } }, required: "id" },
      request: { url: "https://a.example/orders/{{id}}" },
    });
    expect(problemsOf(document).map((issue) => issue.path)).toEqual(["parameters.required"]);
  });
});

describe("request.headers and request.query", () => {
  it("accepts Latin-1 and tabs in a header value; a placeholder's value is judged when rendered", () => {
    const headers = { "X-Name": "café\tÿ", "X-City": "{{city}}" };
    expect(parseToolDefinition(withRequest({ url: "https://a.example/x", headers })).request.headers).toEqual(headers);
  });

  it("keeps string maps as written, in order", () => {
    const headers = { Accept: "application/json", "X-City": "{{city}}", "X-Empty": "" };
    const query = { z: "{{page}}", a: "literal", "with space": "{{ctx.chat_id}}" };
    const request = parseToolDefinition(withRequest({ url: "https://a.example/x", headers, query })).request;
    expect(JSON.stringify(request.headers)).toBe(JSON.stringify(headers));
    expect(JSON.stringify(request.query)).toBe(JSON.stringify(query));
  });

  const refused: [string, Record<string, unknown>, string, RegExp][] = [
    ["a header name with a space", { headers: { "X-Bad Header": "v" } }, "request.headers.X-Bad Header", /"X-Bad Header" is not a valid header name/],
    ["a header name with a colon", { headers: { "X:Y": "v" } }, "request.headers.X:Y", /not a valid header name/],
    ["a placeholder header name", { headers: { "{{city}}": "v" } }, "request.headers.{{city}}", /not a valid header name/],
    ["an empty header name", { headers: { "": "v" } }, "request.headers.", /not a valid header name/],
    ["the same header twice in different case", { headers: { Accept: "a", accept: "b" } }, "request.headers.accept", /repeats the header "Accept"/],
    ["a line break in a header value", { headers: { "X-A": "a\r\nX-Injected: 1" } }, "request.headers.X-A", /^contains a line break or NUL: a header value must be one line of Latin-1 text$/],
    ["a NUL beside a placeholder", { headers: { "X-A": "{{city}}\0" } }, "request.headers.X-A", /line break or NUL/],
    ["a header value outside Latin-1", { headers: { "X-A": "日本" } }, "request.headers.X-A", /^contains characters an HTTP header cannot carry \(control or non-Latin-1\): a header value must be one line of Latin-1 text$/],
    ["non-Latin-1 text around a placeholder", { headers: { "X-A": "{{city}} 😀" } }, "request.headers.X-A", /cannot carry/],
    ["a control character in a header value", { headers: { "X-A": "a\u0007b" } }, "request.headers.X-A", /cannot carry/],
    ["a secret header value outside Latin-1", { headers: { Authorization: "Bearer 日本" } }, "request.headers.Authorization", /cannot carry/],
    ["a non-text header value", { headers: { "X-A": 5 } }, "request.headers.X-A", /must be a text value, found a number/],
    ["headers that are not an object", { headers: ["X-A"] }, "request.headers", /must be an object of name/],
    ["a non-text query value", { query: { page: 2 } }, "request.query.page", /must be a text value/],
    ["an empty query name", { query: { "": "x" } }, "request.query.", /needs a name/],
    ["a placeholder in a query name", { query: { "{{city}}": "x" } }, "request.query.{{city}}", /values only/],
    ["query that is not an object", { query: "a=1" }, "request.query", /must be an object/],
    ["an unknown request key", { header: {} }, "request.header", /did you mean "headers"/],
  ];
  it.each(refused)("refuses %s → %s", (_rule, extra, path, message) => {
    expect(messagesAt(withRequest({ url: "https://a.example/x", ...extra }), path)).toContainEqual(expect.stringMatching(message));
  });
});

describe("request.body", () => {
  it("keeps any JSON value as written", () => {
    const body = { city: "{{city}}", page: "{{ page }}", nested: [1, true, null, { note: "Hello {{city}} from {{ctx.agent_id}}" }] };
    const definition = parseToolDefinition(withRequest({ method: "POST", url: "https://a.example/x", body }));
    expect(definition.request.body).toEqual(body);
  });

  it.each([["a string", "{{city}}"], ["a number", 3], ["a list", ["{{city}}"]], ["false", false]])("accepts %s as the whole body", (_kind, body) => {
    expect(parseToolDefinition(withRequest({ method: "PUT", url: "https://a.example/x", body })).request.body).toEqual(body);
  });

  const refused: [string, unknown, string, RegExp][] = [
    ["an unknown placeholder deep inside", { a: { b: ["ok", "{{town}}"] } }, "request.body.a.b.1", /\{\{town\}\} names no parameter/],
    ["a placeholder in a key", { "{{city}}": "x" }, "request.body.{{city}}", /values only, not in keys/],
    ["a non-JSON number", { a: Number.POSITIVE_INFINITY }, "request.body.a", /finite number/],
    ["a non-JSON value", { a: new Map() }, "request.body.a", /must be a JSON value/],
  ];
  it.each(refused)("refuses %s → %s", (_rule, body, path, message) => {
    expect(messagesAt(withRequest({ method: "POST", url: "https://a.example/x", body }), path)).toContainEqual(expect.stringMatching(message));
  });
});

describe("placeholders everywhere in the request (SPEC §1.2)", () => {
  const locations: [string, (placeholder: string) => Record<string, unknown>, string][] = [
    ["url path", (p) => ({ url: `https://a.example/${p}` }), "request.url"],
    ["url query", (p) => ({ url: `https://a.example/x?q=${p}` }), "request.url"],
    ["header value", (p) => ({ url: "https://a.example/x", headers: { "X-A": `v ${p}` } }), "request.headers.X-A"],
    ["query value", (p) => ({ url: "https://a.example/x", query: { q: p } }), "request.query.q"],
    ["body string", (p) => ({ method: "POST", url: "https://a.example/x", body: { deep: [p] } }), "request.body.deep.0"],
  ];
  const cases: [string, string, RegExp][] = [
    ["an undeclared parameter", "{{town}}", /^\{\{town\}\} names no parameter: declare "town" in parameters or fix the placeholder; declared parameters are city, page$/],
    ["a nested property (not top-level)", "{{city.name}}", /^\{\{city\.name\}\} names no parameter/],
    ["an unknown ctx field", "{{ctx.tennant}}", /^\{\{ctx\.tennant\}\} names no turn-context field: use one of ctx\.chat_id, ctx\.store_id, ctx\.agent_id, ctx\.tenant, ctx\.image_url$/],
    ["a bare ctx", "{{ctx.}}", /names no turn-context field/],
    ["an empty placeholder", "{{ }}", /is an empty placeholder/],
    ["a malformed placeholder", "{{ two words }}", /does not open a well-formed placeholder/],
    ["an unclosed placeholder", "{{city", /does not open a well-formed placeholder/],
  ];
  const rows = locations.flatMap(([where, build, path]) => cases.map(([what, placeholder, message]) => ({ where, what, build, placeholder, path, message })));

  it.each(rows)("refuses $what in the $where, at $path", ({ build, placeholder, path, message }) => {
    expect(messagesAt(withRequest(build(placeholder)), path)).toContainEqual(expect.stringMatching(message));
  });

  it("accepts whitespace inside the braces, parameters and every ctx field", () => {
    const ctx = ["chat_id", "store_id", "agent_id", "tenant", "image_url"].map((field) => `{{ ctx.${field} }}`).join("/");
    const url = `https://a.example/${ctx}/{{  city  }}?p={{page}}`;
    expect(parseToolDefinition(withRequest({ url })).request.url).toBe(url);
  });

  it("checks only ctx placeholders when the parameters themselves are unreadable", () => {
    const document = documentWith({ parameters: { type: "object", properties: "city" }, request: { url: "https://a.example/{{city}}/{{ctx.nope}}" } });
    expect(problemsOf(document).map((issue) => issue.path)).toEqual(["parameters.properties", "request.url"]);
    expect(messagesAt(document, "request.url")).toEqual([expect.stringMatching(/ctx\.nope/)]);
  });
});
