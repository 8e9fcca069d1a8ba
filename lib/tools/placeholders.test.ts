import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTEXT_FIELDS, contextField, findPlaceholders, isContextReference, soleReference, withoutPlaceholders } from "./placeholders";

describe("findPlaceholders", () => {
  const rows: [string, string, { raw: string; reference: string; index: number }[]][] = [
    ["none", "plain text", []],
    ["one", "/orders/{{order_id}}", [{ raw: "{{order_id}}", reference: "order_id", index: 8 }]],
    ["whitespace inside the braces", "{{  city }}", [{ raw: "{{  city }}", reference: "city", index: 0 }]],
    ["tabs and newlines inside the braces", "{{\tcity\n}}", [{ raw: "{{\tcity\n}}", reference: "city", index: 0 }]],
    [
      "several, in order",
      "{{a}}-{{ ctx.tenant }}-{{b}}",
      [
        { raw: "{{a}}", reference: "a", index: 0 },
        { raw: "{{ ctx.tenant }}", reference: "ctx.tenant", index: 6 },
        { raw: "{{b}}", reference: "b", index: 23 },
      ],
    ],
    ["an empty placeholder", "{{}}", [{ raw: "{{}}", reference: "", index: 0 }]],
    ["a blank placeholder", "{{   }}", [{ raw: "{{   }}", reference: "", index: 0 }]],
    ["two words are not a placeholder", "{{ two words }}", []],
    ["an unclosed brace is not a placeholder", "{{city", []],
    ["single braces are not a placeholder", "{city}", []],
    ["triple braces hold one placeholder", "{{{city}}}", [{ raw: "{{city}}", reference: "city", index: 1 }]],
  ];

  it.each(rows)("%s: %j", (_rule, template, expected) => {
    expect(findPlaceholders(template)).toEqual(expected);
  });

  it("can be called repeatedly (no state is kept between calls)", () => {
    expect(findPlaceholders("{{a}}")).toHaveLength(1);
    expect(findPlaceholders("{{a}}")).toHaveLength(1);
  });

  it("finds every reference placed in generated text, at its index", () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/);
    const filler = fc.string({ maxLength: 8 }).filter((text) => !/[{}]/.test(text));
    fc.assert(
      fc.property(fc.array(fc.tuple(filler, name, fc.constantFrom("", " ", "  ")), { maxLength: 5 }), filler, (parts, tail) => {
        const template = parts.map(([before, ref, pad]) => `${before}{{${pad}${ref}${pad}}}`).join("") + tail;
        const found = findPlaceholders(template);
        expect(found.map((placeholder) => placeholder.reference)).toEqual(parts.map(([, ref]) => ref));
        for (const placeholder of found) expect(template.slice(placeholder.index).startsWith(placeholder.raw)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("scanning hostile templates (issue 15: ReDoS)", () => {
  // Editors write templates and every call scans them, so the scan must be linear in the input:
  // a backtracking pattern took quadratic time on `{{` followed by many spaces.
  const SIZE = 200_000;
  const spaces = " ".repeat(SIZE);

  it.each<[string, string, { raw: string; reference: string; index: number }[]]>([
    ["{{ and many spaces, unclosed", `{{${spaces}`, []],
    ["{{ and many spaces, then a word and no closing", `{{${spaces}x${spaces}`, []],
    ["many unclosed {{ with spaces", "{{ ".repeat(SIZE / 3), []],
    ["a long run of braces", "{".repeat(SIZE), []],
    ["a long word that never closes", `{{${"a".repeat(SIZE)}`, []],
    ["many spaces around one placeholder", `{{${spaces}city${spaces}}}`, [{ raw: `{{${spaces}city${spaces}}}`, reference: "city", index: 0 }]],
    ["a closing after a long unclosed start", `{{${spaces}}}`, [{ raw: `{{${spaces}}}`, reference: "", index: 0 }]],
  ])("%s: found in one pass with the right result", (_case, template, expected) => {
    expect(findPlaceholders(template)).toEqual(expected);
    expect(withoutPlaceholders(template, "·")).toBe(expected.length === 0 ? template : "·");
  });

  it("finds what a regular expression would, on any short template (same semantics, other engine)", () => {
    const reference = /\{\{\s*([^{}\s]*)\s*\}\}/g;
    const template = fc.array(fc.constantFrom("{", "}", " ", "\t", "\u00a0", "a", "b", ".", "x y"), { maxLength: 24 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(template, (text) => {
        const expected = [...text.matchAll(reference)].map((match) => ({ raw: match[0], reference: match[1] ?? "", index: match.index }));
        expect(findPlaceholders(text)).toEqual(expected);
        expect(withoutPlaceholders(text, "#")).toBe(text.replace(reference, "#"));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("soleReference", () => {
  it.each([
    ["{{city}}", "city"],
    ["{{ page }}", "page"],
    ["  {{ page }} ", null],
    ["{{city}}\n", null],
    ["{{ctx.chat_id}}", "ctx.chat_id"],
    ["x{{city}}", null],
    ["{{a}}{{b}}", null],
    ["{{city}} km", null],
    ["city", null],
    ["", null],
  ])("%j → %j", (template, expected) => {
    expect(soleReference(template)).toBe(expected);
  });
});

describe("turn-context references", () => {
  it.each(CONTEXT_FIELDS.map((field) => [field]))("ctx.%s is a context field", (field) => {
    expect(isContextReference(`ctx.${field}`)).toBe(true);
    expect(contextField(`ctx.${field}`)).toBe(field);
  });

  it.each([["ctx.tennant"], ["ctx."], ["ctx.chat_id.x"], ["ctx.CHAT_ID"]])("%s is not a context field", (reference) => {
    expect(isContextReference(reference)).toBe(true);
    expect(contextField(reference)).toBeNull();
  });

  it.each([["city"], ["ctx"], ["context.tenant"]])("%s is not a context reference", (reference) => {
    expect(isContextReference(reference)).toBe(false);
  });
});
