/**
 * Redaction (SPEC §5): replaces every known secret value in a string with its mask, including the
 * forms a secret takes when it travels inside a URL, a JSON string or a base64 blob, so upstream
 * responses, error messages, logs, curl commands and audit entries never carry plaintext.
 */
import { maskSecret } from "./mask";

/** Each encoded form a secret may take in text that crosses the wire. */
function encodedForms(secret: string): string[] {
  const forms = new Set<string>([
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%20/g, "+"),
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(secret, "utf8").toString("base64"),
    Buffer.from(secret, "utf8").toString("base64").replace(/=+$/, ""),
    Buffer.from(secret, "utf8").toString("base64url"),
  ]);
  return [...forms].filter((form) => form.length > 0);
}

/** `text` with every form of every secret in `secrets` replaced by that secret's mask. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text;
  const ordered = [...new Set(secrets)].filter((secret) => secret.length > 0).sort((a, b) => b.length - a.length);
  for (const secret of ordered) {
    const mask = maskSecret(secret);
    for (const form of encodedForms(secret)) redacted = redacted.split(form).join(mask);
  }
  return redacted;
}
