import "server-only";
/**
 * Which operator a single sign-on identity is. An identity is the identity provider's (issuer,
 * subject) pair — the only claim an OpenID provider promises never to reassign. The first sign-in
 * finds the operator by the e-mail address the provider verified and links them to the pair
 * (audited as `user.oidc_link`); from then on only the pair matches, so an e-mail changed at the
 * provider neither loses the operator nor moves to another one, and a second account at the same
 * provider carrying a linked operator's e-mail is refused. A link made under another issuer (the
 * configured provider was replaced) is superseded by the first sign-in through the new one.
 * An admin can remove a link (`user.oidc_unlink`) when the operator's account at the provider
 * changed; the next sign-in then links again by verified e-mail.
 */
import { recordAudit, type Actor } from "../../audit";
import type { Role } from "../roles";
import { ConflictError, NotFoundError } from "../../errors";
import { getDb } from "../../db/client";
import { normaliseEmail } from "../users";
import { inTransaction } from "../../db/transactions";

/** Who the identity provider says signed in. */
export interface OidcIdentity {
  readonly issuer: string;
  readonly subject: string;
  /** The e-mail address, only when the provider verified it. */
  readonly verifiedEmail: string | null;
}

/** Why a single sign-on identity is not let in; each is a sentence for the audit trail. */
export const SINGLE_SIGN_ON_REFUSALS = {
  no_verified_email: "the identity provider did not verify an e-mail address, and the account is not linked yet",
  no_operator: "no operator has the verified e-mail address",
  linked_elsewhere: "the operator with this e-mail is linked to another account at this identity provider",
  inactive: "the operator is deactivated",
} as const;
export type SingleSignOnRefusal = keyof typeof SINGLE_SIGN_ON_REFUSALS;

/** The operator an identity signs in as, or why it may not. */
export type SingleSignOnOutcome =
  | { readonly ok: true; readonly operator: { readonly id: string; readonly email: string; readonly name: string; readonly role: Role }; readonly linked: boolean }
  | { readonly ok: false; readonly reason: SingleSignOnRefusal };

const operatorColumns = { id: true, email: true, name: true, role: true, active: true, oidcIssuer: true, oidcSubject: true } as const;

/**
 * The active operator `identity` belongs to — by its link, else (first sign-in) by its verified
 * e-mail, linking them in the same transaction as the audit entry — or the reason it is refused.
 * Never anyone else: there is no fallback to the provider's own subject.
 */
export async function signInWithOidcIdentity(identity: OidcIdentity): Promise<SingleSignOnOutcome> {
  return inTransaction(async (tx) => {
    const linked = await tx.user.findUnique({
      where: { oidcIssuer_oidcSubject: { oidcIssuer: identity.issuer, oidcSubject: identity.subject } },
      select: operatorColumns,
    });
    if (linked) return linked.active ? { ok: true, operator: publicPart(linked), linked: false } : { ok: false, reason: "inactive" };
    if (!identity.verifiedEmail) return { ok: false, reason: "no_verified_email" };

    const byEmail = await tx.user.findUnique({ where: { email: normaliseEmail(identity.verifiedEmail) }, select: operatorColumns });
    if (!byEmail) return { ok: false, reason: "no_operator" };
    if (byEmail.oidcIssuer === identity.issuer) return { ok: false, reason: "linked_elsewhere" };
    if (!byEmail.active) return { ok: false, reason: "inactive" };
    // Compare-and-set: of two first sign-ins racing for one operator, only one links.
    const { count } = await tx.user.updateMany({
      where: { id: byEmail.id, oidcIssuer: byEmail.oidcIssuer, oidcSubject: byEmail.oidcSubject },
      data: { oidcIssuer: identity.issuer, oidcSubject: identity.subject },
    });
    if (count === 0) return { ok: false, reason: "linked_elsewhere" };
    const operator = publicPart(byEmail);
    await recordAudit(tx, {
      actor: operator, action: "user.oidc_link", targetType: "user", targetId: operator.id, targetName: operator.email,
      before: { oidcIssuer: byEmail.oidcIssuer, oidcSubject: byEmail.oidcSubject },
      after: { oidcIssuer: identity.issuer, oidcSubject: identity.subject, matchedBy: "verified e-mail" },
    });
    return { ok: true, operator, linked: true };
  });
}

/** The issuer each linked operator signs in through, by operator id; operators without a link are absent. */
export async function listSingleSignOnIssuers(): Promise<Map<string, string>> {
  const linked = await getDb().user.findMany({ where: { oidcIssuer: { not: null }, oidcSubject: { not: null } }, select: { id: true, oidcIssuer: true } });
  return new Map(linked.map((user) => [user.id, user.oidcIssuer!]));
}

/**
 * Removes operator `id`'s single sign-on link: both columns cleared in one write, audited as
 * `user.oidc_unlink` with the pair it had. Their password and sessions stay as they are. An
 * operator without a link is a ConflictError, and nothing is changed or recorded.
 */
export async function unlinkSingleSignOn(id: string, actor: Actor): Promise<{ email: string; issuer: string }> {
  return inTransaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id }, select: { email: true, oidcIssuer: true, oidcSubject: true } });
    if (!user) throw new NotFoundError("That operator does not exist.");
    const { email, oidcIssuer, oidcSubject } = user;
    if (oidcIssuer === null || oidcSubject === null) throw new ConflictError(`${email} is not linked to single sign-on, so there is no link to remove.`);
    // Compare-and-set: a sign-in that re-linked them meanwhile is not undone unseen.
    const { count } = await tx.user.updateMany({ where: { id, oidcIssuer, oidcSubject }, data: { oidcIssuer: null, oidcSubject: null } });
    if (count === 0) throw new ConflictError(`${email}'s single sign-on link changed meanwhile and was kept. Reload to see it.`);
    await recordAudit(tx, {
      actor, action: "user.oidc_unlink", targetType: "user", targetId: id, targetName: email,
      before: { oidcIssuer, oidcSubject }, after: { oidcIssuer: null, oidcSubject: null },
    });
    return { email, issuer: oidcIssuer };
  });
}

function publicPart(user: { id: string; email: string; name: string; role: Role }) {
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}
