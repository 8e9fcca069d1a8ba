import { describe, expect, it } from "vitest";
import { formatNumberTool } from "./format-number";

const context = { context: {} };
const formatNumber = formatNumberTool();
// Intl uses narrow no-break spaces in some locales; compare with plain spaces.
const plain = (text: unknown) => String(text).replace(/[\u00a0\u202f]/g, " ");

describe("format_number", () => {
  it.each([
    ["defaults to en-US decimal", { value: 1234567.891 }, "1,234,567.891", "en-US"],
    ["uses the locale's separators", { value: 1234567.891, locale: "de-DE" }, "1.234.567,891", "de-DE"],
    ["formats a percentage", { value: 0.256, style: "percent" }, "26%", "en-US"],
    ["formats money", { value: 1234.5, style: "currency", currency: "EUR", locale: "fr-FR" }, "1 234,50 €", "fr-FR"],
    ["uses the currency's own decimals", { value: 1234.5, style: "currency", currency: "JPY", locale: "ja-JP" }, "￥1,235", "ja-JP"],
    ["caps fraction digits", { value: 3.14159, maximum_fraction_digits: 2 }, "3.14", "en-US"],
    ["caps currency decimals below the default", { value: 12.5, style: "currency", currency: "USD", maximum_fraction_digits: 0 }, "$13", "en-US"],
    ["canonicalises the locale tag", { value: 1, locale: "EN-gb" }, "1", "en-GB"],
  ])("%s", async (_label, args, formatted, locale) => {
    const response = await formatNumber.call(args, context);
    expect(response.ok).toBe(true);
    if (!response.ok) return;
    const content = response.content as { formatted: string; locale: string };
    expect(plain(content.formatted)).toBe(formatted);
    expect(content.locale).toBe(locale);
  });

  it.each([
    ["a malformed locale", { value: 1, locale: "en_US!" }, '"en_US!" is not a valid locale'],
    ["currency style without a code", { value: 1, style: "currency" }, 'style "currency" needs a currency code'],
    ["an unknown currency", { value: 1, style: "currency", currency: "ABC" }, 'Unknown currency code "ABC"'],
    ["a currency without currency style", { value: 1, currency: "EUR" }, 'currency is only used with style "currency"'],
  ])("answers %s with an execution_error", async (_label, args, message) => {
    const response = await formatNumber.call(args, context);
    expect(response).toMatchObject({ ok: false, errorType: "execution_error" });
    expect(!response.ok && response.message).toContain(message);
  });

  it.each([
    ["a lower-case currency", { value: 1, style: "currency", currency: "eur" }],
    ["an unknown style", { value: 1, style: "scientific" }],
    ["too many fraction digits", { value: 1, maximum_fraction_digits: 21 }],
    ["a fractional digit count", { value: 1, maximum_fraction_digits: 1.5 }],
  ])("refuses %s before running", async (_label, args) => {
    const response = await formatNumber.call(args, context);
    expect(response).toMatchObject({ ok: false, errorType: "validation_error" });
  });
});
