/**
 * The sign-in settings next-auth needs, checked at start-up with the other settings: a missing or
 * short NEXTAUTH_SECRET would let sessions be forged (next-auth only warns), and a malformed
 * NEXTAUTH_URL breaks every sign-in redirect, one request at a time.
 */
import { ValidationError, type ValidationIssue } from "../../errors";

/** HMAC keys shorter than the hash output weaken it; 32 bytes matches `openssl rand -base64 32`. */
const MIN_SECRET_BYTES = 32;

/** Throws a ValidationError naming NEXTAUTH_SECRET and/or NEXTAUTH_URL when either is unusable. Never quotes the secret. */
export function checkSignInSettings(env: Readonly<Record<string, string | undefined>>): void {
  const issues: ValidationIssue[] = [];
  const secret = env.NEXTAUTH_SECRET?.trim() ?? "";
  if (secret === "") {
    issues.push({ path: "NEXTAUTH_SECRET", message: "is missing: set it to 32 random bytes, e.g. openssl rand -base64 32" });
  } else if (Buffer.byteLength(secret, "utf8") < MIN_SECRET_BYTES) {
    issues.push({ path: "NEXTAUTH_SECRET", message: "must be at least 32 bytes of random text (e.g. openssl rand -base64 32): it signs every session" });
  }
  const url = env.NEXTAUTH_URL?.trim() ?? "";
  if (url === "") {
    issues.push({ path: "NEXTAUTH_URL", message: "is missing: set it to the address operators open, e.g. https://quiver.example.com" });
  } else if (!isHttpUrl(url)) {
    issues.push({ path: "NEXTAUTH_URL", message: `must be an absolute http:// or https:// URL, found "${url}"` });
  }
  if (issues.length > 0) throw new ValidationError(issues);
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}
