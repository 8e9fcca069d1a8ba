import { describe, expect, it } from "vitest";
import { printable, stripControlCharacters } from "./control-characters";

describe("control characters in names", () => {
  it.each([
    ["an ANSI escape", "Support\u001b[31m bot", "Support[31m bot", "Support\\x1b[31m bot"],
    ["a newline and a tab", "line\none\ttab", "lineonetab", "line\\x0aone\\x09tab"],
    ["NUL, DEL and a C1 control", "a\u0000b\u007fc\u009bd", "abcd", "a\\x00b\\x7fc\\x9bd"],
    ["a right-to-left override", "invoice\u202egpj.exe", "invoicegpj.exe", "invoice\\u202egpj.exe"],
    ["an isolate", "x\u2066y\u2069", "xy", "x\\u2066y\\u2069"],
  ])("%s is stripped from a name, and printed as an escape", (_case, text, stripped, shown) => {
    expect(stripControlCharacters(text)).toBe(stripped);
    expect(printable(text)).toBe(shown);
  });

  it("leaves ordinary text alone, accents, emoji and other scripts included", () => {
    const text = "Équipe d'assistance · 支援 · 🤖 (EU)";
    expect(stripControlCharacters(text)).toBe(text);
    expect(printable(text)).toBe(text);
  });
});
