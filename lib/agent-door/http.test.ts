import { afterEach, describe, expect, it, vi } from "vitest";
import { AGENT_GONE_STATUS, failureAnswer, MAX_CALL_BODY_BYTES, parseCallBody, readCappedText, webCallBody } from "./http";

const message = (result: ReturnType<typeof parseCallBody>) => (result.ok ? "accepted" : `${result.status} ${result.body.error.message}`);

describe("parseCallBody", () => {
  it("takes arguments and context, each defaulting to an empty object", () => {
    expect(parseCallBody('{"arguments": {"id": "A1"}, "context": {"tenant": "acme"}}')).toEqual({
      ok: true, arguments: { id: "A1" }, context: { tenant: "acme" },
    });
    expect(parseCallBody("")).toEqual({ ok: true, arguments: {}, context: {} });
    expect(parseCallBody("{}")).toEqual({ ok: true, arguments: {}, context: {} });
  });

  it.each([
    ["text that is not JSON", "{arguments:", /^400 The request body is not valid JSON: /],
    ["an array", "[1]", /^400 The request body must be a JSON object/],
    ["null", "null", /^400 The request body must be a JSON object/],
    ["a misspelt field", '{"argument": {}}', /^400 Unknown field "argument" in the request body; expected "arguments" and "context"\.$/],
    ["arguments that are not an object", '{"arguments": [1, 2]}', /^400 "arguments" must be a JSON object\.$/],
    ["a context that is text", '{"context": "acme"}', /^400 "context" must be a JSON object\.$/],
  ])("refuses %s with a specific message", (_label, text, expected) => {
    expect(message(parseCallBody(text))).toMatch(expected);
  });
});

describe("readCappedText", () => {
  const post = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    webCallBody(new Request("http://127.0.0.1/call", { method: "POST", body, headers, duplex: "half" } as RequestInit));

  it("reads a body up to the cap", async () => {
    expect(await readCappedText(post("x".repeat(100)), 100)).toEqual({ ok: true, text: "x".repeat(100) });
    expect(await readCappedText(webCallBody(new Request("http://127.0.0.1/call")))).toEqual({ ok: true, text: "" });
  });

  it("refuses a declared length over the cap before reading", async () => {
    const refusal = await readCappedText(post("{}", { "content-length": String(MAX_CALL_BODY_BYTES + 1) }));
    expect(refusal).toMatchObject({ ok: false, status: 413, body: { error: { code: "payload_too_large", message: "The request body is larger than 1024 KiB." } } });
  });

  it("stops reading a streamed body once it passes the cap", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64));
      },
    });
    expect(await readCappedText(post(endless), 1000)).toMatchObject({ ok: false, status: 413 });
    expect(pulled).toBeLessThan(40);
  });
});

describe("failureAnswer", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers an unexpected error with a generic 500 and logs it, never echoing it", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = failureAnswer(new Error("secret detail"), false);
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ error: { code: "internal", message: "Something went wrong on Quiver's side; the error is in the server log." } });
    expect(JSON.stringify(answer)).not.toContain("secret detail");
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it("logs nothing when the agent hung up before the answer, and answers without a body", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = failureAnswer(Object.assign(new Error("aborted"), { code: "ECONNRESET" }), true);
    expect(answer).toEqual({ status: AGENT_GONE_STATUS });
    expect(logged).not.toHaveBeenCalled();
  });
});
