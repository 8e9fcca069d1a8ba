import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import bcrypt from "bcryptjs";
import { countSignInFailure, countSignInLockout } from "../../observability/metrics";
import { recordFailedSignIn, recordSignInEvent } from "./sign-in-events";
import { findUserForSignIn, normaliseEmail } from "../users";
import { concurrencyLimit } from "./concurrency-limit";
import { isPasswordTooLong } from "../password-policy";
import { accountFailures, addressFailures, failureDelayMs } from "./sign-in-throttle";

/** Compared against when the e-mail is unknown, so a miss costs as long as a wrong password. */
const DUMMY_HASH = "$2b$12$Mvry2ZU7ST13Ak5lkVNGlOQWg/LYfY.wM7qG87lgWgOtpDF.XiTj6";

const MAX_EMAIL_LENGTH = 320;

/** Password checks hashed at once; more wait in line (bcrypt is CPU-bound, see concurrency-limit.ts). */
const hashing = concurrencyLimit(2);

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
  const passwordMatches = await hashing(() => bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH));
  if (!user || !user.active || !passwordMatches) return null;
  return { id: user.id, email: user.email, name: user.name };
}

export type PasswordSignIn =
  | { readonly ok: true; readonly user: PasswordSignInUser }
  /** `lockedUntil` is set while the account or the client address is locked out. */
  | { readonly ok: false; readonly lockedUntil: Date | null };

export interface PasswordSignInAttempt {
  readonly email: string;
  readonly password: string;
  readonly clientAddress: string;
}

/**
 * A sign-in with e-mail and password, throttled (sign-in-throttle.ts) and audited. While the
 * account or the address is locked every attempt is refused without checking the password, the
 * right one included. A failure is answered after the account's growing delay (`wait`).
 */
export async function signInWithPassword(
  { email, password, clientAddress }: PasswordSignInAttempt,
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<PasswordSignIn> {
  // No address is longer (RFC 5321); the cut bounds what a typed value costs in counters and audit.
  const account = normaliseEmail(email).slice(0, MAX_EMAIL_LENGTH);
  if (!account || !password) return { ok: false, lockedUntil: null };
  const locked = lockEnd(await accountFailures.state(account), await addressFailures.state(clientAddress));
  if (locked) {
    countSignInFailure("password", "locked_out");
    await recordFailedSignIn(account, { reason: "locked", address: clientAddress });
    return { ok: false, lockedUntil: locked };
  }

  const user = await checkPassword(account, password);
  if (user) {
    await accountFailures.clear(account);
    await recordSignInEvent("auth.sign_in", user, { address: clientAddress });
    return { ok: true, user };
  }
  const [accountState, addressState] = [await accountFailures.fail(account), await addressFailures.fail(clientAddress)];
  countSignInFailure("password", "wrong_credentials");
  await recordFailedSignIn(account, { reason: "wrong e-mail or password", failures: accountState.failures, address: clientAddress });
  const lockedNow = lockEnd(accountState, addressState);
  if (lockedNow) {
    // Not locked before this attempt (that was answered above): this failure is the one that locked.
    countSignInLockout();
    return { ok: false, lockedUntil: lockedNow };
  }
  await wait(failureDelayMs(accountState.failures));
  return { ok: false, lockedUntil: null };
}

/** When the later of the two locks ends, or null when neither is locked. */
function lockEnd(...states: { readonly lockedForMs: number }[]): Date | null {
  const longest = Math.max(...states.map((state) => state.lockedForMs));
  return longest > 0 ? new Date(Date.now() + longest) : null;
}
