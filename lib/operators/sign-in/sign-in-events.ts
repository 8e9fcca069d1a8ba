import "server-only";
/**
 * Sign-ins and sign-outs in the audit trail (targetType "user"). A failed sign-in is recorded
 * against the e-mail that was typed, by an anonymous actor: nobody has proved who they are.
 * No password, hash or session token is ever part of an entry.
 */
import { recordAudit, type Actor } from "../../audit";
import { inTransaction } from "../../db/transactions";

/** Long enough for any real address; a typed e-mail is attacker-chosen and must not bloat the trail. */
const MAX_TYPED_EMAIL_LENGTH = 320;
const ANONYMOUS: Actor = { id: null, email: "anonymous" };

/** Details kept with a sign-in event: where it came from and, for a failure, why. */
export type SignInDetails = Readonly<Record<string, string | number>>;

/** Records that operator `user` signed in (`auth.sign_in`) or out (`auth.sign_out`). */
export async function recordSignInEvent(
  action: "auth.sign_in" | "auth.sign_out",
  user: { readonly id: string; readonly email: string },
  details: SignInDetails,
): Promise<void> {
  await inTransaction((tx) =>
    recordAudit(tx, { actor: user, action, targetType: "user", targetId: user.id, targetName: user.email, before: null, after: details }),
  );
}

/** Records a refused sign-in for the e-mail as typed (`auth.sign_in_failed`). */
export async function recordFailedSignIn(typedEmail: string, details: SignInDetails): Promise<void> {
  const email = typedEmail.slice(0, MAX_TYPED_EMAIL_LENGTH);
  await inTransaction((tx) =>
    recordAudit(tx, { actor: ANONYMOUS, action: "auth.sign_in_failed", targetType: "user", targetId: "", targetName: email, before: null, after: details }),
  );
}
