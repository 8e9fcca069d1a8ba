import { describe, expect, it } from "vitest";
import { ConflictError, NotFoundError } from "../../errors";
import { listAuditEvents } from "../../audit/audit-log";
import { listSingleSignOnIssuers, signInWithOidcIdentity, unlinkSingleSignOn, type OidcIdentity } from "./oidc-links";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { insertOperator } from "../../db/test-support/fixtures";
import { refusalChecker } from "../../db/test-support/raw-rows";

const targets = await databaseTargets();
const ISSUER = "https://login.example.com/realms/ops";

function identity(subject: string, verifiedEmail: string | null): OidcIdentity {
  return { issuer: ISSUER, subject, verifiedEmail };
}

describe.each(targets)("removing a single sign-on link on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);

  const rowOf = async (id: string) =>
    db().user.findUniqueOrThrow({ where: { id }, select: { oidcIssuer: true, oidcSubject: true, passwordHash: true, sessionsValidAfter: true, active: true } });

  it("clears the pair in one change and records it with the pair it had, leaving password and sessions alone", async () => {
    const admin = await insertOperator(db(), "root@example.com", "admin");
    const ana = await insertOperator(db(), "ana@example.com");
    await signInWithOidcIdentity(identity("idp-ana", "ana@example.com"));
    const before = await rowOf(ana.id!);

    expect(await unlinkSingleSignOn(ana.id!, admin)).toEqual({ email: "ana@example.com", issuer: ISSUER });

    expect(await rowOf(ana.id!)).toEqual({ ...before, oidcIssuer: null, oidcSubject: null });
    const { events } = await listAuditEvents({ action: "user.oidc_unlink" });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: "root@example.com",
      targetType: "user",
      targetId: ana.id,
      targetName: "ana@example.com",
      before: { oidcIssuer: ISSUER, oidcSubject: "idp-ana" },
      after: { oidcIssuer: null, oidcSubject: null },
    });
    expect(JSON.stringify(events)).not.toContain(before.passwordHash);
  });

  it("refuses an operator who is not linked with a clear message, changing and recording nothing", async () => {
    const admin = await insertOperator(db(), "root@example.com", "admin");
    const bo = await insertOperator(db(), "bo@example.com");
    const error = await refused(() => unlinkSingleSignOn(bo.id!, admin), ConflictError);
    expect(error.message).toBe("bo@example.com is not linked to single sign-on, so there is no link to remove.");
    expect((await listAuditEvents()).events).toEqual([]);
  });

  it("refuses a second removal of the same link, keeping the one entry", async () => {
    const admin = await insertOperator(db(), "root@example.com", "admin");
    const ana = await insertOperator(db(), "ana@example.com");
    await signInWithOidcIdentity(identity("idp-ana", "ana@example.com"));
    await unlinkSingleSignOn(ana.id!, admin);
    await refused(() => unlinkSingleSignOn(ana.id!, admin), ConflictError);
    expect((await listAuditEvents({ action: "user.oidc_unlink" })).events).toHaveLength(1);
  });

  it("refuses an operator who does not exist", async () => {
    const admin = await insertOperator(db(), "root@example.com", "admin");
    await refused(() => unlinkSingleSignOn("no-such-operator", admin), NotFoundError);
  });

  it("lets the next sign-in link again by verified e-mail, to the provider's new account", async () => {
    const admin = await insertOperator(db(), "root@example.com", "admin");
    const ana = await insertOperator(db(), "ana@example.com");
    await signInWithOidcIdentity(identity("idp-ana-old", "ana@example.com"));
    expect(await signInWithOidcIdentity(identity("idp-ana-new", "ana@example.com"))).toEqual({ ok: false, reason: "linked_elsewhere" });

    await unlinkSingleSignOn(ana.id!, admin);
    const relinked = await signInWithOidcIdentity(identity("idp-ana-new", "ana@example.com"));

    expect(relinked).toMatchObject({ ok: true, linked: true, operator: { id: ana.id, email: "ana@example.com" } });
    expect(await rowOf(ana.id!)).toMatchObject({ oidcIssuer: ISSUER, oidcSubject: "idp-ana-new" });
    expect(await signInWithOidcIdentity(identity("idp-ana-old", "ana@example.com"))).toEqual({ ok: false, reason: "linked_elsewhere" });
    const { events } = await listAuditEvents({ action: "user.oidc_link" });
    expect(events[0]).toMatchObject({ before: { oidcIssuer: null, oidcSubject: null }, after: { oidcSubject: "idp-ana-new" } });
  });

  it("lists the issuer of linked operators only", async () => {
    const admin = await insertOperator(db(), "root@example.com", "admin");
    const ana = await insertOperator(db(), "ana@example.com");
    const bo = await insertOperator(db(), "bo@example.com");
    await signInWithOidcIdentity(identity("idp-ana", "ana@example.com"));
    await signInWithOidcIdentity(identity("idp-bo", "bo@example.com"));
    await unlinkSingleSignOn(bo.id!, admin);

    expect(await listSingleSignOnIssuers()).toEqual(new Map([[ana.id!, ISSUER]]));
  });
});
