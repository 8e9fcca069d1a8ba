import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ValidationError, type ValidationIssue } from "../../errors";
import { parseToolDefinition } from "./definition";
import { documentWithRequest, problemsOf } from "./test-support/definition-fixtures";

// SPEC §5: a secret's plaintext never reaches an error message. Issue paths and messages are shown
// in the browser next to the save form, so no issue may quote a secret header's value, even when
// the value looks like a placeholder or holds characters a header cannot carry.

const PATH = "request.headers.Authorization";
const PLACEHOLDER_REFUSAL =
  "is a secret header, so its value cannot hold a placeholder: secrets are stored masked; keep the credential here and move the placeholder to another header";
const LINE_BREAK = "contains a line break or NUL: a header value must be one line of Latin-1 text";
const NOT_LATIN1 = "contains characters an HTTP header cannot carry (control or non-Latin-1): a header value must be one line of Latin-1 text";

function withSecret(value: string, secretHeaders: unknown = ["Authorization"], headers: Record<string, string> = {}) {
  return { ...documentWithRequest({ headers: { Authorization: value, ...headers } }), secret_headers: secretHeaders };
}

/** Every issue and warning of `input`, or none when it is accepted. */
function reportsOf(input: unknown): readonly ValidationIssue[] {
  try {
    return parseToolDefinition(input).warnings;
  } catch (error) {
    if (error instanceof ValidationError) return error.issues;
    throw error;
  }
}

const shown = (issues: readonly ValidationIssue[]) => issues.map((issue) => `${issue.path}\n${issue.message}`).join("\n");

describe("issues about a secret header never quote its value", () => {
  it.each<[string, string, unknown, ValidationIssue[]]>([
    ["a credential that looks like a placeholder", "Bearer {{sk_live_abc123xyz}}", ["Authorization"], [{ path: PATH, message: PLACEHOLDER_REFUSAL }]],
    ["one that looks like a ctx placeholder", "{{ ctx.sk_live_abc123xyz }}", ["authorization"], [{ path: PATH, message: PLACEHOLDER_REFUSAL }]],
    ["an unclosed placeholder", "Bearer {{sk_live_abc123xyz", ["Authorization"], [{ path: PATH, message: PLACEHOLDER_REFUSAL }]],
    ["an empty placeholder", "sk_live_abc123xyz{{}}", ["Authorization"], [{ path: PATH, message: PLACEHOLDER_REFUSAL }]],
    ["a line break", "Bearer sk_live_abc123xyz\r\nX-Admin: 1", ["Authorization"], [{ path: PATH, message: LINE_BREAK }]],
    ["a character outside Latin-1", "Bearer sk_live_abc123xyz€", ["Authorization"], [{ path: PATH, message: NOT_LATIN1 }]],
    ["a placeholder and a line break", "{{sk_live_abc123xyz}}\n", ["Authorization"], [{ path: PATH, message: LINE_BREAK }, { path: PATH, message: PLACEHOLDER_REFUSAL }]],
    ["a placeholder under a malformed secret_headers", "Bearer {{sk_live_abc123xyz}}", "Authorization", [
      { path: "secret_headers", message: "must be a list of header names from request.headers, found a string" },
    ]],
  ])("%s", (_case, value, secretHeaders, expected) => {
    const issues = problemsOf(withSecret(value, secretHeaders));
    expect(issues).toEqual(expected);
    expect(shown(issues)).not.toContain("abc1");
  });

  it("still names a bad placeholder in a header that is not secret", () => {
    const issues = problemsOf(withSecret("Bearer sk_live_abc123xyz", ["Authorization"], { "X-Trace": "{{trace_id}}" }));
    expect(issues).toEqual([{ path: "request.headers.X-Trace", message: expect.stringMatching(/^\{\{trace_id\}\} names no parameter/) }]);
  });

  // Secret-like tokens alternate a letter and a digit, so no four of their characters in a row can
  // appear in an English message by chance: any such run in an issue was copied from the value.
  const token = fc
    .array(fc.tuple(fc.constantFrom(..."abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"), fc.constantFrom(..."0123456789")), { minLength: 3, maxLength: 10 })
    .map((pairs) => pairs.flat().join(""));
  const syntax = fc.constantFrom("{{", "}}", "{{ ", " }}", "ctx.", "{{}}", "Bearer ", " ", "\t", "\r", "\n", "\0", "\x7f", "é", "€", "😀", "_", ":");
  const piece = fc.oneof(
    token.map((text) => ({ text, tokens: [text] })),
    token.map((text) => ({ text: `{{${text}}}`, tokens: [text] })),
    token.map((text) => ({ text: `{{ctx.${text}}}`, tokens: [text] })),
    syntax.map((text) => ({ text, tokens: [] as string[] })),
  );
  const secretValue = fc
    .tuple(fc.array(piece, { maxLength: 6 }), token, fc.array(piece, { maxLength: 6 }))
    .map(([before, middle, after]) => {
      const pieces = [...before, { text: middle, tokens: [middle] }, ...after];
      return { value: pieces.map((p) => p.text).join(""), tokens: pieces.flatMap((p) => p.tokens) };
    });
  const secretHeaders = fc.constantFrom<unknown>(["Authorization"], ["authorization"], ["AUTHORIZATION", "Authorization"], "Authorization");

  it("for any value, no path or message holds the value or four characters of it in a row", () => {
    fc.assert(
      fc.property(secretValue, secretHeaders, ({ value, tokens }, names) => {
        const text = shown(reportsOf(withSecret(value, names)));
        expect(text).not.toContain(value);
        for (const secret of tokens) {
          for (let start = 0; start + 4 <= secret.length; start++) expect(text).not.toContain(secret.slice(start, start + 4));
        }
      }),
      { numRuns: 300 },
    );
  });
});
