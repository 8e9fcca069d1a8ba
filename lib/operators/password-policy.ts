/**
 * What a password must be. bcrypt reads only the first 72 bytes of its input, so a longer password
 * would be accepted with everything after byte 72 ignored: such passwords are refused where they
 * are set, and refused at sign-in before any hashing (an over-long guess cannot be right, and
 * hashing it would only cost the server time).
 */
import { randomBytes } from "node:crypto";
import type { ValidationIssue } from "../errors";

export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt's input limit, in UTF-8 bytes. */
export const MAX_PASSWORD_BYTES = 72;

/** True when bcrypt would ignore part of `password`. */
export function isPasswordTooLong(password: string): boolean {
  return Buffer.byteLength(password, "utf8") > MAX_PASSWORD_BYTES;
}

/** The issues (path "password") with a password about to be set; empty when it is acceptable. */
export function passwordIssues(password: string): ValidationIssue[] {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return [{ path: "password", message: `must be at least ${MIN_PASSWORD_LENGTH} characters long` }];
  }
  if (isPasswordTooLong(password)) {
    return [{
      path: "password",
      message: `must be at most ${MAX_PASSWORD_BYTES} bytes (about ${MAX_PASSWORD_BYTES} letters, fewer with accents or symbols): only that much is checked at sign-in`,
    }];
  }
  return [];
}

/** Random bytes in a generated password: 144 bits, 24 characters of base64url (well under 72 bytes). */
const GENERATED_PASSWORD_BYTES = 18;

/** A new random password for an admin's reset: shown once, never stored or logged in plain text. */
export function generatePassword(): string {
  return randomBytes(GENERATED_PASSWORD_BYTES).toString("base64url");
}
