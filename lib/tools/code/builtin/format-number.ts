/**
 * `format_number`: formats a number for a locale as a plain number, a percentage or an amount of
 * money, with the separators and symbols a customer in that locale expects.
 */
import { json } from "../../response";
import { defineTool, ToolExecutionError, type CodeTool } from "../code-tool";

const STYLES = ["decimal", "percent", "currency"] as const;

interface FormatNumberArgs {
  readonly value: number;
  readonly locale?: string;
  readonly style?: (typeof STYLES)[number];
  readonly currency?: string;
  readonly maximum_fraction_digits?: number;
}

const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf("currency"));

/** The canonical form of a BCP 47 tag; a malformed one is an error the model can fix. */
function canonicalLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? "en-US";
  } catch (cause) {
    throw new ToolExecutionError(`"${locale}" is not a valid locale: use a BCP 47 tag such as en-US or fr-FR.`, { cause });
  }
}

function currencyOption(style: FormatNumberArgs["style"], currency: string | undefined): Intl.NumberFormatOptions {
  if (style !== "currency") {
    if (currency !== undefined) throw new ToolExecutionError('currency is only used with style "currency".');
    return {};
  }
  // The schema cannot say "required when style is currency" inside the safe subset (no if/then).
  if (currency === undefined) throw new ToolExecutionError('style "currency" needs a currency code such as EUR or USD.');
  if (!KNOWN_CURRENCIES.has(currency)) throw new ToolExecutionError(`Unknown currency code "${currency}": use an ISO 4217 code such as EUR or USD.`);
  return { currency };
}

/** Caps the fraction digits without tripping Intl's "minimum above maximum" error (currencies default to 2). */
function fractionOptions(maximum: number | undefined): Intl.NumberFormatOptions {
  return maximum === undefined ? {} : { minimumFractionDigits: 0, maximumFractionDigits: maximum };
}

/** Builds the tool. */
export function formatNumberTool(): CodeTool {
  return defineTool<FormatNumberArgs>({
    name: "format_number",
    description:
      "Format a number for a locale as a decimal, a percentage (0.25 → 25%) or an amount of money (needs a currency code).",
    parameters: {
      type: "object",
      properties: {
        value: { type: "number", description: "The number to format. For percent, 1 means 100%." },
        locale: { type: "string", description: "BCP 47 locale tag, e.g. en-US, fr-FR, ja-JP. Defaults to en-US.", minLength: 2, maxLength: 35 },
        style: { type: "string", enum: [...STYLES], description: "decimal (default), percent or currency." },
        currency: { type: "string", pattern: "^[A-Z]{3}$", description: "ISO 4217 code such as EUR; required for currency." },
        maximum_fraction_digits: { type: "integer", minimum: 0, maximum: 20, description: "Round to at most this many decimals." },
      },
      required: ["value"],
      additionalProperties: false,
    },
    timeoutSeconds: 2,
    async call({ value, locale = "en-US", style = "decimal", currency, maximum_fraction_digits }) {
      const format = new Intl.NumberFormat(canonicalLocale(locale), {
        style,
        ...currencyOption(style, currency),
        ...fractionOptions(maximum_fraction_digits),
      });
      return json({ formatted: format.format(value), locale: format.resolvedOptions().locale });
    },
  });
}
