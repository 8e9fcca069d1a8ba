/**
 * The shapes a secret takes when it travels inside other text. One list serves both the
 * redactor (which replaces every form) and the e2e leak guard (which fails a test on any form),
 * so what we hide and what we check for can never drift apart.
 *
 * Covered, each in the variants common encoders produce:
 * - `plain`;
 * - `url-encoded`: encodeURIComponent, form encoding (`+` for spaces, URLSearchParams' wider
 *   set), encodeURI (what path and WHATWG URL encoders leave alone), upper- and lower-case hex;
 * - `json-escaped`: JSON.stringify, `\/` (PHP), `\u` escapes for non-ASCII (Python) in either
 *   hex case, `\u003c`-style HTML-safe escapes (Next.js inline data) and a JSON string inside a
 *   JSON string (React Server Component rows inlined in HTML);
 * - `html-escaped`: `&amp; &lt; &gt; &quot;` with `&#x27;` (React) or `&#39;`;
 * - `shell-quoted`: inside a single-quoted shell word (`'\''` or `'"'"'` for a quote) or a
 *   double-quoted one (a backslash before each `"`, `\`, `$` and backtick), as in a copied
 *   curl command;
 * - `base64` / `base64url`: the whole value (padded or not) and the part of the secret that
 *   stays fixed wherever it sits inside a longer base64 blob, such as a Basic-auth
 *   `user:secret` pair. Bytes before the secret shift it by 0, 1 or 2 positions inside a 3-byte
 *   group; for each shift the characters that do not depend on the neighbouring bytes are a
 *   fixed string, so the secret is found without knowing the user name. Those cores are only
 *   used when at least {@link MIN_EMBEDDED_BASE64} characters long, to keep tiny secrets from
 *   matching random base64.
 *
 * Not covered (limits): hex, compression, encryption, a secret split across chunks or lines,
 * changed case, partial secrets, and encodings stacked in other orders (base64 of a URL-encoded
 * secret, twice-URL-encoded …).
 */
import { isWellFormedText } from "./unicode";

export type SecretFormName =
  | "plain"
  | "url-encoded"
  | "json-escaped"
  | "html-escaped"
  | "shell-quoted"
  | "base64"
  | "base64url";

export interface SecretForm {
  readonly name: SecretFormName;
  /** The text to look for. Never empty. */
  readonly text: string;
}

/** Shortest base64 core (see above) still worth matching inside a longer blob. */
export const MIN_EMBEDDED_BASE64 = 8;

/**
 * Every distinct form of `secret`, plain first, each text listed once under the first name that
 * produced it. An empty secret has no forms.
 */
export function secretForms(secret: string): SecretForm[] {
  if (secret.length === 0) return [];
  const seen = new Map<string, SecretFormName>();
  const add = (name: SecretFormName, texts: readonly string[]) => {
    for (const text of texts) if (text.length > 0 && !seen.has(text)) seen.set(text, name);
  };
  add("plain", [secret]);
  add("url-encoded", urlEncodings(secret));
  add("json-escaped", jsonEscapings(secret));
  add("html-escaped", htmlEscapings(secret));
  add("shell-quoted", shellQuotings(secret));
  add("base64", base64Forms(secret, "base64"));
  add("base64url", base64Forms(secret, "base64url"));
  return [...seen].map(([text, name]) => ({ name, text }));
}

function urlEncodings(secret: string): string[] {
  // encodeURIComponent throws on unpaired surrogates: no encoder can send those, so no form.
  if (!isWellFormedText(secret)) return [];
  const encodings = [
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%20/g, "+"),
    new URLSearchParams([["", secret]]).toString().slice(1),
    encodeURI(secret),
  ];
  return encodings.flatMap((encoded) => [encoded, lowerCaseHex(encoded)]);
}

function lowerCaseHex(percentEncoded: string): string {
  return percentEncoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
}

function jsonEscapings(secret: string): string[] {
  const escaped = JSON.stringify(secret).slice(1, -1);
  const asciiLower = escapeNonAscii(escaped, (hex) => hex);
  const asciiUpper = escapeNonAscii(escaped, (hex) => hex.toUpperCase());
  const twice = JSON.stringify(escaped).slice(1, -1);
  return [
    escaped,
    escaped.replace(/\//g, "\\/"),
    asciiLower,
    asciiLower.replace(/\//g, "\\/"),
    asciiUpper,
    htmlSafeJson(escaped),
    twice,
    htmlSafeJson(twice),
  ];
}

function escapeNonAscii(json: string, hexCase: (hex: string) => string): string {
  return json.replace(/[^\x00-\x7f]/g, (unit) => `\\u${hexCase(unit.charCodeAt(0).toString(16).padStart(4, "0"))}`);
}

/** The escapes Next.js (htmlEscapeJsonString) applies to JSON placed inside a `<script>`. */
function htmlSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function htmlEscapings(secret: string): string[] {
  const base = secret.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return [base.replace(/'/g, "&#x27;"), base.replace(/'/g, "&#39;")];
}

function shellQuotings(secret: string): string[] {
  return [secret.replace(/'/g, "'\\''"), secret.replace(/'/g, `'"'"'`), secret.replace(/["\\$`]/g, "\\$&")];
}

function base64Forms(secret: string, alphabet: "base64" | "base64url"): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const whole = bytes.toString(alphabet).replace(/=+$/, "");
  const padding = "=".repeat((4 - (whole.length % 4)) % 4);
  const cores = [0, 1, 2]
    .map((shift) => embeddedCore(bytes, shift, alphabet))
    .filter((core) => core.length >= MIN_EMBEDDED_BASE64);
  return [whole + padding, whole, ...cores];
}

/**
 * The base64 characters of `bytes` that stay the same whatever bytes precede them (`shift` of
 * them, modulo 3) or follow them. Characters mixing bits of a neighbour are cut off.
 */
function embeddedCore(bytes: Buffer, shift: number, alphabet: "base64" | "base64url"): string {
  const shifted = Buffer.concat([Buffer.alloc(shift), bytes]);
  const encoded = shifted.toString(alphabet).replace(/=+$/, "");
  const leading = [0, 2, 3][shift] ?? 0;
  const trailing = shifted.length % 3 === 0 ? 0 : 1;
  return encoded.slice(leading, encoded.length - trailing);
}
