import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MIN_EMBEDDED_BASE64, secretForms, type SecretFormName } from "./forms";

const textsOf = (secret: string, name?: SecretFormName) =>
  secretForms(secret)
    .filter((form) => name === undefined || form.name === name)
    .map((form) => form.text);

describe("secretForms", () => {
  it.each<[string, SecretFormName, string, string]>([
    ["the value itself", "plain", "tok en/ü", "tok en/ü"],
    ["encodeURIComponent", "url-encoded", "a b/c&ü", "a%20b%2Fc%26%C3%BC"],
    ["lower-case percent escapes", "url-encoded", "a b/c&ü", "a%20b%2fc%26%c3%bc"],
    ["form encoding: + for spaces", "url-encoded", "a b/c", "a+b%2Fc"],
    ["URLSearchParams also encodes ' ( ) ! ~", "url-encoded", "it's (x)!~", "it%27s+%28x%29%21%7E"],
    ["encodeURI leaves / & : alone", "url-encoded", "a b/c&d:e", "a%20b/c&d:e"],
    ["JSON.stringify", "json-escaped", 'say "hi"\\', 'say \\"hi\\"\\\\'],
    ["escaped slash (PHP)", "json-escaped", "a/b\"", 'a\\/b\\"'],
    ["\\u escapes, lower-case hex (Python)", "json-escaped", "naïve/x", "na\\u00efve/x"],
    ["\\u escapes, upper-case hex", "json-escaped", "naïve", "na\\u00EFve"],
    ["\\u escapes and escaped slash", "json-escaped", "ï/x", "\\u00ef\\/x"],
    ["astral characters as surrogate escapes", "json-escaped", "a😀", "a\\ud83d\\ude00"],
    ["HTML-safe JSON (Next.js inline data)", "json-escaped", "<a&b>", "\\u003ca\\u0026b\\u003e"],
    ["JSON inside JSON (RSC rows inlined in HTML)", "json-escaped", 'a"b', 'a\\\\\\"b'],
    ["React's HTML escaping", "html-escaped", `<a href="x">'&`, "&lt;a href=&quot;x&quot;&gt;&#x27;&amp;"],
    ["numeric apostrophe", "html-escaped", "it's", "it&#39;s"],
    ["single-quoted shell word, POSIX style", "shell-quoted", "it's", "it'\\''s"],
    ["single-quoted shell word, double-quote style", "shell-quoted", "it's", `it'"'"'s`],
    ["double-quoted shell word", "shell-quoted", "a$b`c\\d", "a\\$b\\`c\\\\d"],
    ["base64, padded", "base64", "hello world", "aGVsbG8gd29ybGQ="],
    ["base64, unpadded", "base64", "hello world", "aGVsbG8gd29ybGQ"],
    ["base64url uses - and _", "base64url", "???>>>", "Pz8_Pj4-"],
    ["base64 uses + and /", "base64", "???>>>", "Pz8/Pj4+"],
  ])("%s", (_rule, name, secret, expected) => {
    expect(textsOf(secret, name)).toContain(expected);
  });

  it("has no forms for an empty secret", () => {
    expect(secretForms("")).toEqual([]);
  });

  it("lists the plain form first and each text once", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, unit: "binary" }), (secret) => {
        const forms = secretForms(secret);
        expect(forms[0]).toEqual({ name: "plain", text: secret });
        expect(new Set(forms.map((form) => form.text)).size).toBe(forms.length);
        expect(forms.every((form) => form.text.length > 0)).toBe(true);
      }),
    );
  });

  it("skips URL encodings of text with an unpaired surrogate instead of throwing", () => {
    expect(textsOf("a\ud800b", "url-encoded")).toEqual([]);
    expect(textsOf("a\ud800b", "plain")).toEqual(["a\ud800b"]);
  });

  it("leaves out base64 cores too short to be told from random base64", () => {
    expect(textsOf("abcd", "base64")).toEqual(["YWJjZA==", "YWJjZA"]);
    const longer = "abcdefghijklmnop";
    const cores = textsOf(longer, "base64").filter((form) => !Buffer.from(longer).toString("base64").startsWith(form));
    expect(cores.length).toBe(2);
    expect(cores.every((core) => core.length >= MIN_EMBEDDED_BASE64)).toBe(true);
  });

  // A secret of 7 bytes or more has cores of 8 characters or more at every shift.
  const longEnough = fc.string({ minLength: 7, unit: "grapheme-ascii" });

  it.each(["base64", "base64url"] as const)("finds the secret anywhere inside a %s blob, whatever surrounds it", (alphabet) => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 10 }), longEnough, fc.uint8Array({ maxLength: 10 }), (before, secret, after) => {
        const blob = Buffer.concat([before, Buffer.from(secret), after]).toString(alphabet);
        // A text common to both alphabets is listed once, under "base64".
        const base64Forms = [...textsOf(secret, "base64"), ...textsOf(secret, "base64url")];
        expect(base64Forms.some((form) => blob.includes(form))).toBe(true);
      }),
    );
  });

  it("finds the password inside a Basic-auth header without knowing the user", () => {
    const header = "Basic " + Buffer.from("crm-bot:Blue horse/42+Staple").toString("base64");
    expect(textsOf("Blue horse/42+Staple", "base64").some((form) => header.includes(form))).toBe(true);
  });

  it("finds the secret in JSON, in JSON inside JSON, and in form-encoded query strings", () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1, unit: "grapheme" }), fc.string(), (before, secret, after) => {
        const value = before + secret + after;
        const json = JSON.stringify({ value });
        const nested = JSON.stringify([1, JSON.stringify({ value })]);
        const query = new URLSearchParams({ value }).toString();
        for (const encoded of [json, nested, query]) {
          expect(secretForms(secret).some((form) => encoded.includes(form.text))).toBe(true);
        }
      }),
    );
  });
});
