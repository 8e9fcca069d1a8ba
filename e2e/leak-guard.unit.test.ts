/**
 * The deliberate check behind the e2e leak guard: fed recorded responses that hold a seeded
 * secret in each form it can take on the way to a browser — plain, URL-encoded, JSON-escaped,
 * HTML-escaped by React, base64, inside an RSC payload or a server-action result — it must fail,
 * and fed pages that show only masks it must pass. No route in the app exists for this.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { maskSecret } from "../lib/secrets/mask";
import { secretForms } from "../lib/secrets/forms";
import { assertNoLeaks, describeLeaks, findLeaks, HEADERS_PART, shouldReadBody, type RecordedResponse } from "./fixtures/leak-detector";
import { ResponseRecorder, type ObservedResponse } from "./fixtures/leak-recorder";
import { SEEDED_SECRET_VALUES, SEEDED_SECRETS } from "./fixtures/seeded-secrets";

const { ordersApiToken: TOKEN, crmPassword: PASSWORD, legacyPin: PIN } = SEEDED_SECRETS;
const PAGE = "http://127.0.0.1:3100/tools/lookup_order";
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
/** An RSC row, as a page's flight payload or a server action's result carries it. */
const flightRow = (id: number, value: unknown) => `${id}:${JSON.stringify(value)}\n`;
/** How Next.js inlines a flight row into the HTML of a page. */
const inlinedFlight = (row: string) =>
  `<script>self.__next_f.push(${JSON.stringify([1, row]).replace(/</g, "\\u003c").replace(/&/g, "\\u0026")})</script>`;

const leakingResponses: [string, RecordedResponse, string, string][] = [
  ["plain, in HTML", { url: PAGE, contentType: "text/html", body: `<td>${TOKEN}</td>` }, TOKEN, "plain"],
  ["URL-encoded, in a link", { url: PAGE, contentType: "text/html", body: `<a href="/x?p=${encodeURIComponent(PASSWORD)}">x</a>` }, PASSWORD, "url-encoded"],
  ["form-encoded, in a JSON body", { url: PAGE, contentType: "application/json", body: JSON.stringify({ query: new URLSearchParams({ p: PASSWORD }).toString() }) }, PASSWORD, "url-encoded"],
  ["JSON-escaped, in an API response", { url: PAGE, contentType: "application/json", body: JSON.stringify({ headers: { Authorization: PASSWORD } }) }, PASSWORD, "json-escaped"],
  ["JSON-escaped with \\u escapes", { url: PAGE, contentType: "application/json", body: '{"p":"Blue ~horse\\/42+Staple&\\u00dcn\\u00efcode\\"ok"}' }, PASSWORD, "json-escaped"],
  ["base64, as a Basic-auth header in a curl command", { url: PAGE, contentType: "text/plain", body: `curl -H 'Authorization: Basic ${b64(`crm-bot:${PASSWORD}`)}'` }, PASSWORD, "base64"],
  ["base64url, in a JSON value", { url: PAGE, contentType: "application/json", body: JSON.stringify({ t: Buffer.from(PASSWORD).toString("base64url") }) }, PASSWORD, "base64url"],
  ["rendered by React into HTML", { url: PAGE, contentType: "text/html", body: renderToStaticMarkup(createElement("td", { title: PASSWORD }, PASSWORD)) }, PASSWORD, "html-escaped"],
  ["in an RSC payload", { url: `${PAGE}?_rsc=1x2y`, contentType: "text/x-component", body: flightRow(1, ["$", "td", null, { children: PASSWORD }]) }, PASSWORD, "json-escaped"],
  ["in RSC data inlined in HTML", { url: PAGE, contentType: "text/html", body: inlinedFlight(flightRow(1, ["$", "td", null, { children: PASSWORD }])) }, PASSWORD, "json-escaped"],
  ["in a server action's result", { url: PAGE, contentType: "text/x-component", body: flightRow(0, { a: "$@1" }) + flightRow(1, { ok: false, values: { token: TOKEN } }) }, TOKEN, "plain"],
  ["a short secret, plain in JSON", { url: PAGE, contentType: "application/json", body: JSON.stringify({ pin: PIN }) }, PIN, "plain"],
  ["in a redirect's Location header", { url: PAGE, contentType: HEADERS_PART, body: `${PAGE}\nlocation: /done?t=${encodeURIComponent(TOKEN)}` }, TOKEN, "plain"],
];

describe("the leak detector", () => {
  it.each(leakingResponses)("catches a seeded secret %s", (_case, response, secret, form) => {
    const leaks = findLeaks([response], SEEDED_SECRET_VALUES);
    expect(leaks).toContainEqual({ url: response.url, contentType: response.contentType, secret: maskSecret(secret), form });
    expect(() => assertNoLeaks([response], SEEDED_SECRET_VALUES)).toThrow(/^Secret leak: /);
  });

  it("passes pages that show only masks", () => {
    const masks = SEEDED_SECRET_VALUES.map(maskSecret);
    const clean: RecordedResponse[] = [
      { url: PAGE, contentType: "text/html", body: renderToStaticMarkup(createElement("ul", null, masks.map((mask) => createElement("li", { key: mask }, mask)))) },
      { url: PAGE, contentType: "text/x-component", body: flightRow(1, { secrets: masks }) },
      { url: PAGE, contentType: "application/json", body: JSON.stringify({ masks, secret_headers: ["Authorization"], headers: { Authorization: "" } }) },
      { url: PAGE, contentType: HEADERS_PART, body: `${PAGE}\ncontent-type: text/html` },
    ];
    expect(findLeaks(clean, SEEDED_SECRET_VALUES)).toEqual([]);
    expect(() => assertNoLeaks(clean, SEEDED_SECRET_VALUES)).not.toThrow();
  });

  it("reports each form once per response, naming secrets by mask and redacting URLs", () => {
    const url = `${PAGE}?token=${TOKEN}`;
    const body = `${TOKEN} ${TOKEN} ${b64(TOKEN)} ${JSON.stringify(PASSWORD)}`;
    const leaks = findLeaks([{ url, contentType: "text/plain", body }], SEEDED_SECRET_VALUES);
    expect(leaks.map((leak) => [leak.secret, leak.form])).toEqual([
      ["••••6cYd", "plain"],
      ["••••6cYd", "base64"],
      ["••••e\"ok", "json-escaped"],
    ]);
    const message = describeLeaks(leaks);
    expect(message).toContain(`••••6cYd (plain) in text/plain from ${PAGE}?token=••••6cYd`);
    for (const secret of SEEDED_SECRET_VALUES) {
      for (const form of secretForms(secret)) expect(message).not.toContain(form.text);
    }
  });

  it("ignores empty secrets", () => {
    expect(findLeaks([{ url: PAGE, contentType: "text/html", body: "<p>hello</p>" }], [""])).toEqual([]);
  });
});

describe("shouldReadBody", () => {
  it.each([
    ["text/html; charset=utf-8", true],
    ["text/x-component", true],
    ["application/json", true],
    ["application/problem+json", true],
    ["text/plain", true],
    ["text/event-stream", true],
    ["", true],
    ["application/javascript; charset=UTF-8", false],
    ["text/css", false],
    ["image/png", false],
    ["font/woff2", false],
  ])("%s → %s", (contentType, expected) => {
    expect(shouldReadBody(contentType)).toBe(expected);
  });
});

/** A response as Playwright hands it over; `body` undefined means reading it fails. */
function response(url: string, options: { status?: number; headers?: Record<string, string>; all?: Record<string, string>; body?: Promise<string> }): ObservedResponse {
  return {
    url: () => url,
    status: () => options.status ?? 200,
    headers: () => options.headers ?? {},
    ...(options.all ? { allHeaders: async () => options.all ?? {} } : {}),
    text: () => options.body ?? Promise.reject(new Error("No resource with given identifier found")),
  };
}

describe("ResponseRecorder", () => {
  it("records each response's URL and headers, and its body", async () => {
    const recorder = new ResponseRecorder();
    recorder.observe(response(PAGE, { headers: { "content-type": "text/html" }, body: Promise.resolve("<p>hi</p>") }));
    await recorder.settle(1_000);
    expect(recorder.responses()).toEqual([
      { url: PAGE, contentType: HEADERS_PART, body: `${PAGE}\ncontent-type: text/html` },
      { url: PAGE, contentType: "text/html", body: "<p>hi</p>" },
    ]);
  });

  it("prefers every header (cookies included) when the response offers them", async () => {
    const recorder = new ResponseRecorder();
    recorder.observe(response(PAGE, { headers: {}, all: { "set-cookie": `t=${TOKEN}` }, body: Promise.resolve("") }));
    await recorder.settle(1_000);
    expect(() => assertNoLeaks(recorder.responses(), SEEDED_SECRET_VALUES)).toThrow(`••••6cYd (plain) in ${HEADERS_PART}`);
  });

  it("reads no body of a redirect or a script, but still checks their headers", async () => {
    const recorder = new ResponseRecorder();
    recorder.observe(response(PAGE, { status: 303, headers: { location: `/x?p=${encodeURIComponent(PASSWORD)}` } }));
    recorder.observe(response(`${PAGE}.js`, { headers: { "content-type": "text/javascript" }, body: Promise.resolve(TOKEN) }));
    await recorder.settle(1_000);
    expect(recorder.responses().map((entry) => entry.contentType)).toEqual([HEADERS_PART, HEADERS_PART]);
    expect(recorder.unreadable()).toEqual([]);
    expect(findLeaks(recorder.responses(), SEEDED_SECRET_VALUES).map((leak) => leak.form)).toEqual(["url-encoded"]);
  });

  it("notes bodies it could not read instead of failing", async () => {
    const recorder = new ResponseRecorder();
    recorder.observe(response(PAGE, { headers: { "content-type": "text/html" } }));
    await recorder.settle(1_000);
    expect(recorder.unreadable()).toEqual([PAGE]);
  });

  it("waits for bodies still arriving, and gives up on one that never ends", async () => {
    const recorder = new ResponseRecorder();
    const late = new Promise<string>((resolve) => setTimeout(() => resolve(`<td>${TOKEN}</td>`), 5));
    recorder.observe(response(PAGE, { headers: { "content-type": "text/html" }, body: late }));
    recorder.observe(response(`${PAGE}/stream`, { headers: { "content-type": "text/event-stream" }, body: new Promise(() => {}) }));
    await recorder.settle(200);
    expect(recorder.unreadable()).toEqual([`${PAGE}/stream`]);
    expect(() => assertNoLeaks(recorder.responses(), SEEDED_SECRET_VALUES)).toThrow("••••6cYd (plain) in text/html");
  });
});
