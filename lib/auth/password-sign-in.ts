import "server-only";
import bcrypt from "bcryptjs";
import { findUserForSignIn } from "../db/users";
import { isPasswordTooLong } from "./password-policy";

/** Compared against when the e-mail is unknown, so a miss costs as long as a wrong password. */
const DUMMY_HASH = "$2b$12$Mvry2ZU7ST13Ak5lkVNGlOQWg/LYfY.wM7qG87lgWgOtpDF.XiTj6";

/** Who signed in: what next-auth keeps of the operator. */
export interface PasswordSignInUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
}

/**
 * The active operator `email` and `password` belong to, or null. Input bcrypt would cut short
 * (over 72 bytes) is refused before any hashing: it cannot be a password set here.
 */
export async function checkPassword(email: string, password: string): Promise<PasswordSignInUser | null> {
  if (!email.trim() || !password || isPasswordTooLong(password)) return null;
  const user = await findUserForSignIn(email);
  const passwordMatches = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !user.active || !passwordMatches) return null;
  return { id: user.id, email: user.email, name: user.name };
}
