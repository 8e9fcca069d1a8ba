import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { secretForms } from "./forms";
import { createRedactor, redactSecrets } from "./redact";

const TOKEN = "qvr_live_7Hk2pXw9Lm4QzR8tN3vB6cYd"; // mask ••••6cYd
const PASSWORD = 'Blue horse/42+Staple&Ünïcode"ok'; // mask ••••e"ok
const PIN = "pin-90417"; // under 12 characters: mask ••••
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

const containsAnyForm = (text: string, secrets: readonly string[]) =>
  secrets.some((secret) => secretForms(secret).some((form) => text.includes(form.text)));

describe("redactSecrets", () => {
  it.each([
    ["plain, in a header", `Authorization: Bearer ${TOKEN}`, [TOKEN], "Authorization: Bearer ••••6cYd"],
    ["a short secret shows nothing", `pin=${PIN};`, [PIN], "pin=••••;"],
    ["in a JSON body", JSON.stringify({ password: PASSWORD }), [PASSWORD], '{"password":"••••e"ok"}'],
    ["JSON with \\u escapes", '{"p":"Blue horse\\/42+Staple&\\u00dcn\\u00efcode\\"ok"}', [PASSWORD], '{"p":"••••e"ok"}'],
    ["URL-encoded in a query", `?p=${encodeURIComponent(PASSWORD)}&x=1`, [PASSWORD], '?p=••••e"ok&x=1'],
    ["form-encoded", new URLSearchParams({ p: PASSWORD }).toString(), [PASSWORD], 'p=••••e"ok'],
    ["base64, padded", `b64:${b64(PIN)}.`, [PIN], "b64:••••."],
    ["base64url, unpadded", `t=${Buffer.from(TOKEN).toString("base64url")}`, [TOKEN], "t=••••6cYd"],
    ["HTML-escaped", `<td>${PASSWORD.replace("&", "&amp;").replace('"', "&quot;")}</td>`, [PASSWORD], '<td>••••e"ok</td>'],
    ["single-quoted in a curl command", `curl -H 'X-Key: it'\\''s-a-long-secret'`, ["it's-a-long-secret"], "curl -H 'X-Key: ••••cret'"],
    ["every occurrence", `${TOKEN} and ${TOKEN}`, [TOKEN], "••••6cYd and ••••6cYd"],
    ["several secrets", `${TOKEN}:${PIN}`, [PIN, TOKEN], "••••6cYd:••••"],
    ["a secret inside a longer one: the longer wins", `x${TOKEN}x`, ["live", TOKEN], "x••••6cYdx"],
    ["no secrets: unchanged", `Bearer ${TOKEN}`, [], `Bearer ${TOKEN}`],
    ["empty secrets are ignored", "text", [""], "text"],
    ["nothing to redact: unchanged", "nothing here", [TOKEN], "nothing here"],
  ])("%s", (_rule, text, secrets, expected) => {
    expect(redactSecrets(text, secrets)).toBe(expected);
  });

  it("removes a password from a Basic-auth header without knowing the user name", () => {
    const header = `Authorization: Basic ${b64(`crm-bot:${PASSWORD}`)}`;
    const redacted = redactSecrets(header, [PASSWORD]);
    expect(redacted).toContain('••••e"ok');
    expect(containsAnyForm(redacted, [PASSWORD])).toBe(false);
  });

  it("drops the mask's tail when it would spell the secret again with the text after it", () => {
    const secret = "x".repeat(13);
    // The mask with its four-character tail, then the 10 left over, would make 14 in a row.
    const redacted = redactSecrets("x".repeat(23), [secret]);
    expect(redacted).toBe("••••" + "x".repeat(10));
  });

  it("drops the tail when one secret's tail and the text after it spell another secret", () => {
    const first = "first-secret-WXYZ";
    const second = "WXYZ-second-secret";
    const redacted = redactSecrets(`${first}-second-secret`, [first, second]);
    expect(redacted).toBe("••••-second-secret");
    expect(containsAnyForm(redacted, [first, second])).toBe(false);
  });

  it("masks with another marker when a secret contains the mask's bullet", () => {
    const secret = "••••••••••••";
    expect(redactSecrets(`a${secret}b`, [secret])).toBe("a****••••b");
  });
});

describe("createRedactor", () => {
  const redactor = createRedactor([TOKEN, PASSWORD]);

  it("redacts like redactSecrets, repeatedly", () => {
    const text = `curl -H 'Authorization: Bearer ${TOKEN}' -d 'p=${encodeURIComponent(PASSWORD)}'`;
    expect(redactor.redact(text)).toBe(redactSecrets(text, [TOKEN, PASSWORD]));
    expect(redactor.redact(text)).toBe(`curl -H 'Authorization: Bearer ••••6cYd' -d 'p=••••e"ok'`);
  });

  it("redacts every string and key of a JSON-like value, leaving other values and the input alone", () => {
    const date = new Date(0);
    const before = { headers: { Authorization: `Bearer ${TOKEN}` }, list: [PASSWORD, 3, null, true], [TOKEN]: date };
    const snapshot = structuredClone(before);
    expect(redactor.redactValue(before)).toEqual({
      headers: { Authorization: "Bearer ••••6cYd" },
      list: ['••••e"ok', 3, null, true],
      "••••6cYd": date,
    });
    expect(before).toEqual(snapshot);
  });
});

describe("redaction properties", () => {
  const secret = fc.oneof(
    fc.string({ minLength: 1, maxLength: 24 }),
    fc.string({ minLength: 1, maxLength: 24, unit: "binary" }),
    fc.string({ minLength: 1, maxLength: 16, unit: "grapheme" }),
    // A small alphabet makes overlaps, repeats and bullets likely.
    fc.string({ minLength: 1, maxLength: 16, unit: fc.constantFrom("x", "y", "•", "/", " ", "ü", "=") }),
    // Long enough for a mask with a tail, repetitive enough for the tail to rebuild it.
    fc.string({ minLength: 12, maxLength: 16, unit: fc.constantFrom("x", "y") }),
  );
  const filler = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12, unit: fc.constantFrom("x", "y") }));
  const fragments = fc.array(fc.tuple(filler, fc.nat(), fc.nat()), { maxLength: 8 });

  /** Text mixing arbitrary strings with forms of the secrets, so forms really occur in it. */
  const compose = (secrets: readonly string[], parts: readonly [string, number, number][]) =>
    parts
      .map(([filler, which, form]) => {
        const forms = secretForms(secrets[which % secrets.length] ?? "");
        return filler + (forms[form % forms.length]?.text ?? "");
      })
      .join("");

  it("leaves no form of any secret in the output, and a second pass changes nothing", () => {
    fc.assert(
      fc.property(fc.array(secret, { minLength: 1, maxLength: 3 }), fragments, (secrets, parts) => {
        const redactor = createRedactor(secrets);
        const redacted = redactor.redact(compose(secrets, parts));
        expect(containsAnyForm(redacted, secrets)).toBe(false);
        expect(redactor.redact(redacted)).toBe(redacted);
      }),
      { numRuns: 300 },
    );
  });

  it("changes nothing in text that holds no form of a secret", () => {
    fc.assert(
      fc.property(fc.array(secret, { minLength: 1, maxLength: 3 }), fc.string({ maxLength: 60 }), (secrets, text) => {
        fc.pre(!containsAnyForm(text, secrets));
        expect(redactSecrets(text, secrets)).toBe(text);
      }),
    );
  });
});
