/** curl commands as copied from browsers' developer tools and API docs → tool drafts. */
import { describe, expect, it } from "vitest";
import { parseToolDefinition } from "../../tools";
import { literalsOf, makeParameter } from "./make-parameter";
import { parseCurl } from "./parse-curl";

describe("parseCurl", () => {
  it.each([
    [
      "a GET with query (Chrome 'Copy as cURL (bash)')",
      `curl 'https://api.example.test/v1/orders?status=open&limit=20' \\\n  -H 'accept: application/json' \\\n  -H 'authorization: Bearer sk-live-123' \\\n  --compressed`,
      { method: "GET", url: "https://api.example.test/v1/orders", headers: { accept: "application/json", authorization: "" }, query: { status: "open", limit: "20" }, body: null },
      { authorization: "Bearer sk-live-123" },
    ],
    [
      "a POST with a JSON body (API docs)",
      `curl -X POST https://api.example.test/v1/orders -H "Content-Type: application/json" -H "X-API-Key: k_123" -d '{"customer": {"email": "a@example.test"}, "items": [{"sku": "A-1", "qty": 2}]}'`,
      { method: "POST", url: "https://api.example.test/v1/orders", headers: { "X-API-Key": "" }, query: {}, body: { customer: { email: "a@example.test" }, items: [{ sku: "A-1", qty: 2 }] } },
      { "X-API-Key": "k_123" },
    ],
    [
      "-u as basic auth, --url, --request=, data implying POST",
      `curl --url "https://api.example.test/items" -u 'user:p@ss' --data-raw '{"a":1}'`,
      { method: "POST", url: "https://api.example.test/items", headers: { Authorization: "" }, query: {}, body: { a: 1 } },
      { Authorization: `Basic ${Buffer.from("user:p@ss").toString("base64")}` },
    ],
    [
      "$'…' quoting (Chrome on some shells) with escapes",
      `curl $'https://api.example.test/notes' -X $'PUT' -H $'x-trace: a\\'b' --data-raw $'{"text":"line1\\\\nline2 \\u00e9"}'`,
      { method: "PUT", url: "https://api.example.test/notes", headers: { "x-trace": "a'b" }, query: {}, body: { text: "line1\nline2 é" } },
      {},
    ],
    [
      "attached short options, --json, -G moving data to the query, a cookie",
      `curl -XGET -G 'https://api.example.test/search' -d 'q=red shoes' -d 'page=2' -b 'sid=abc' -sSL`,
      { method: "GET", url: "https://api.example.test/search", headers: { Cookie: "" }, query: { q: "red shoes", page: "2" }, body: null },
      { Cookie: "sid=abc" },
    ],
    [
      "--json and a double-quoted body with escapes",
      `curl --json "{\\"name\\": \\"x\\"}" https://api.example.test/things/42`,
      { method: "POST", url: "https://api.example.test/things/42", headers: {}, query: {}, body: { name: "x" } },
      {},
    ],
    [
      "a form body (Stripe's docs): repeated, bracketed and list fields",
      `curl https://api.example.test/v1/charges -u sk_test_123: -d amount=2000 -d currency=usd -d "metadata[order_id]=6735" -d "expand[]=customer" -d "expand[]=invoice"`,
      { method: "POST", url: "https://api.example.test/v1/charges", headers: { Authorization: "" }, query: {}, body: { amount: "2000", currency: "usd", metadata: { order_id: "6735" }, expand: ["customer", "invoice"] }, body_format: "form" },
      { Authorization: `Basic ${Buffer.from("sk_test_123:").toString("base64")}` },
    ],
    [
      "--data-urlencode and a declared form Content-Type (dropped: Quiver sets it)",
      `curl -X POST https://api.example.test/2010-04-01/Messages.json -H 'Content-Type: application/x-www-form-urlencoded' --data-urlencode "Body=Hi & bye" -d To=%2B15551234`,
      { method: "POST", url: "https://api.example.test/2010-04-01/Messages.json", headers: {}, query: {}, body: { Body: "Hi & bye", To: "+15551234" }, body_format: "form" },
      {},
    ],
  ])("reads %s", (_label, command, request, secrets) => {
    const draft = parseCurl(command);
    expect(draft.document.request).toEqual(request);
    expect(draft.secrets).toEqual(secrets);
    expect(draft.document.secret_headers).toEqual(Object.keys(secrets));
  });

  it.each([
    ["curl -X POST https://api.example.test/v1/charges -d amount=1", "Creates charges (POST /v1/charges on api.example.test)."],
    ["curl https://api.example.test/v1/orders/123", "Reads orders (GET /v1/orders/123 on api.example.test)."],
    ["curl -X DELETE https://api.example.test:8443/user-sessions/42", "Deletes user sessions (DELETE /user-sessions/42 on api.example.test:8443)."],
    ["curl -X POST https://api.example.test/2010-04-01/Messages.json -d To=1", "Creates Messages (POST /2010-04-01/Messages.json on api.example.test)."],
    ["curl https://api.example.test/", "Reads api.example.test (GET / on api.example.test)."],
  ])("describes %s as a sentence", (command, description) => {
    expect(parseCurl(command).document.description).toBe(description);
  });

  it("makes a draft the validator accepts, forms included", () => {
    const form = parseCurl(`curl https://api.example.test/v1/charges -d amount=2000 -d "metadata[a]=b"`);
    expect(parseToolDefinition(form.document).request.bodyFormat).toBe("form");
  });

  it("makes a draft the validator accepts", () => {
    const draft = parseCurl(`curl -X PATCH 'https://api.example.test/v1/users/7' -H 'Authorization: Bearer t' -d '{"name":"Ada"}'`);
    const definition = parseToolDefinition(draft.document);
    expect([definition.name, definition.sideEffect, definition.secretHeaders]).toEqual(["patch_users_7", true, ["Authorization"]]);
  });

  it.each([
    ["--data-binary @file", `curl -X POST https://a.example.test/up --data-binary @payload.json`, /reads the body from a file/],
    ["-d @file", `curl https://a.example.test -d @body.json`, /reads the body from a file/],
    ["a body that is neither JSON nor a form", `curl https://a.example.test -d 'hello world'`, /neither JSON nor form fields/],
    ["-F", `curl https://a.example.test -F file=@x.png`, /multipart form/],
    ["a pipe", `curl https://a.example.test | jq .`, /Paste one curl command/],
    ["another program", `wget https://a.example.test`, /starts with curl/],
    ["no URL", `curl -X GET`, /no URL/],
    ["a non-http URL", `curl ftp://a.example.test/file`, /http or https/],
    ["an unterminated $'", `curl $'https://a.example.test`, /unterminated/],
    ["invalid JSON declared as JSON", `curl https://a.example.test -H 'Content-Type: application/json' -d '{oops'`, /declared as JSON but is not valid JSON/],
  ])("refuses %s with a message", (_label, command, message) => {
    expect(() => parseCurl(command)).toThrow(message);
  });

  it("warns about what it ignores, never expanding variables", () => {
    const draft = parseCurl(`curl -k --max-time 5 "https://a.example.test/x?k=1&k=2" -H "X-Env: $HOME"`);
    expect(draft.document.request.headers).toEqual({ "X-Env": "$HOME" });
    expect(draft.warnings).toEqual([
      "--insecure is ignored: Quiver always checks certificates.",
      "--max-time is about how curl runs, not what it sends: ignored.",
      "The query key k appears more than once: only its last value is kept.",
    ]);
  });
});

describe("make this a parameter", () => {
  const draft = () => parseCurl(`curl -X POST 'https://api.example.test/v1/customers/c_42/orders?region=eu' -d '{"sku": "A-1", "qty": 2, "gift": true}'`).document;

  it("lists the literals of the path, query and body", () => {
    expect(literalsOf(draft()).map((literal) => [literal.label, literal.suggestedName])).toEqual([
      ["path segment v1", "id"],
      ["path segment customers", "v1_id"],
      ["path segment c_42", "customer_id"],
      ["path segment orders", "c_42_id"],
      ["query region", "region"],
      ["body sku", "sku"],
      ["body qty", "qty"],
      ["body gift", "gift"],
    ]);
  });

  it("inserts the placeholder and adds the parameter with the literal as its example", () => {
    let document = draft();
    const pick = (label: string) => literalsOf(document).find((literal) => literal.label === label)!;
    document = makeParameter(document, pick("path segment c_42"), "customer_id");
    document = makeParameter(document, pick("query region"), "region");
    document = makeParameter(document, pick("body qty"), "qty");
    document = makeParameter(document, pick("body sku"), "region");
    expect(document.request.url).toBe("https://api.example.test/v1/customers/{{customer_id}}/orders");
    expect(document.request.query).toEqual({ region: "{{region}}" });
    expect(document.request.body).toEqual({ sku: "{{region_2}}", qty: "{{qty}}", gift: true });
    expect(document.parameters).toEqual({
      type: "object",
      properties: { customer_id: { type: "string", examples: ["c_42"] }, region: { type: "string", examples: ["eu"] }, qty: { type: "integer", examples: [2] }, region_2: { type: "string", examples: ["A-1"] } },
      required: ["customer_id", "region", "qty", "region_2"],
    });
    const definition = parseToolDefinition(document);
    expect(Object.keys(definition.parameters.properties)).toEqual(["customer_id", "region", "qty", "region_2"]);
    expect(literalsOf(document).map((literal) => literal.label)).toEqual(["path segment v1", "path segment customers", "path segment orders", "body gift"]);
  });
});
