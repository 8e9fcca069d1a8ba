import { describe, expect, it } from "vitest";
import { listAuditEvents } from "../../audit/audit-log";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { insertOperator } from "../../db/test-support/fixtures";
import { ValidationError } from "../../errors";
import { sampleValue, scrapeProcessMetrics } from "../../observability/test-support/prometheus-text";
import { admitSingleSignOn, oidcIdentityOf, oidcProviderFromEnv, verifiedEmailOf, type SignInUser } from "./oidc";

describe("oidcProviderFromEnv", () => {
  it("is off when no variable is set", () => {
    expect(oidcProviderFromEnv({})).toBeNull();
  });

  it("builds a provider from the issuer's discovery document", () => {
    const provider = oidcProviderFromEnv({
      QUIVER_OIDC_ISSUER: "https://login.example.com/realms/ops/",
      QUIVER_OIDC_CLIENT_ID: "quiver",
      QUIVER_OIDC_CLIENT_SECRET: "s3cret-value",
      QUIVER_OIDC_NAME: "Okta",
    });
    expect(provider).toMatchObject({
      id: "oidc",
      name: "Okta",
      wellKnown: "https://login.example.com/realms/ops/.well-known/openid-configuration",
      clientId: "quiver",
    });
  });

  it("refuses half a configuration, naming each missing variable", () => {
    let thrown: unknown;
    try {
      oidcProviderFromEnv({ QUIVER_OIDC_ISSUER: "https://login.example.com" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).issues.map((issue) => issue.path)).toEqual([
      "QUIVER_OIDC_CLIENT_ID",
      "QUIVER_OIDC_CLIENT_SECRET",
    ]);
  });
});

describe("verifiedEmailOf", () => {
  it.each([
    [{ sub: "1", email: "ops@example.com", email_verified: true }, "ops@example.com"],
    [{ sub: "1", email: "ops@example.com", email_verified: false }, null],
    [{ sub: "1", email: "ops@example.com" }, null],
    [{ sub: "1", email_verified: true }, null],
    [{ sub: "1", email: " ", email_verified: true }, null],
    [undefined, null],
  ])("%j → %j", (profile, expected) => {
    expect(verifiedEmailOf(profile)).toBe(expected);
  });
});

describe("oidcIdentityOf", () => {
  it.each([
    [{ iss: "https://idp.example", sub: "u-1", email: "a@example.com", email_verified: true }, { issuer: "https://idp.example", subject: "u-1", verifiedEmail: "a@example.com" }],
    [{ iss: "https://idp.example", sub: "u-1", email: "a@example.com" }, { issuer: "https://idp.example", subject: "u-1", verifiedEmail: null }],
    [{ sub: "u-1", email: "a@example.com", email_verified: true }, null],
    [{ iss: " ", sub: "u-1" }, null],
    [{ iss: "https://idp.example", sub: "" }, null],
    [{ iss: "https://idp.example", sub: 7 }, null],
    [null, null],
  ])("%j → %j", (profile, expected) => {
    expect(oidcIdentityOf(profile)).toEqual(expected);
  });
});

const targets = await databaseTargets();
const ISSUER = "https://login.example.com/realms/ops";

/** ID-token claims as the identity provider sends them (next-auth's `profile`). */
function claims(sub: string, email: string | undefined, overrides: Record<string, unknown> = {}) {
  return { iss: ISSUER, sub, email, email_verified: true, name: "Somebody at the IdP", ...overrides };
}

/** next-auth's user object for a profile: the provider's `profile()` result, id = the subject. */
function userFor(profile: { sub: string; email?: string }): SignInUser {
  return { id: profile.sub, email: profile.email ?? null, name: "Somebody at the IdP" };
}

/** Runs the signIn callback as next-auth would: the user object it leaves behind and the verdict. */
async function signIn(profile: ReturnType<typeof claims>) {
  const user = userFor(profile);
  const admitted = await admitSingleSignOn(user, profile);
  return { admitted, user };
}

describe.each(targets)("single sign-on linking on $name", (target) => {
  const db = useTestDatabase(target);

  const linkOf = async (id: string) => db().user.findUniqueOrThrow({ where: { id }, select: { oidcIssuer: true, oidcSubject: true } });
  const actions = async () => (await listAuditEvents()).events.map((event) => event.action);

  it("links the operator with the verified e-mail on the first sign-in, and the session is Quiver's operator", async () => {
    const ana = await insertOperator(db(), "ana@example.com");
    const { admitted, user } = await signIn(claims("idp-ana", "Ana@Example.COM"));
    expect(admitted).toBe(true);
    expect(user).toEqual({ id: ana.id, email: "ana@example.com", name: "ana" });
    expect(await linkOf(ana.id!)).toEqual({ oidcIssuer: ISSUER, oidcSubject: "idp-ana" });
    const events = (await listAuditEvents()).events;
    expect(events.map((event) => event.action)).toEqual(["auth.sign_in", "user.oidc_link"]);
    expect(events[1]).toMatchObject({
      actorId: ana.id,
      targetName: "ana@example.com",
      before: { oidcIssuer: null, oidcSubject: null },
      after: { oidcIssuer: ISSUER, oidcSubject: "idp-ana", matchedBy: "verified e-mail" },
    });
  });

  it("refuses an identity no operator matches, without falling back to the provider's subject", async () => {
    await insertOperator(db(), "ana@example.com");
    const refusalsBefore = sampleValue(await scrapeProcessMetrics(), "quiver_sign_in_failures_total", { method: "sso", reason: "refused" });
    const { admitted, user } = await signIn(claims("idp-stranger", "stranger@example.com"));
    expect(admitted).toBe(false);
    expect(sampleValue(await scrapeProcessMetrics(), "quiver_sign_in_failures_total", { method: "sso", reason: "refused" }) - refusalsBefore).toBe(1);
    expect(user.id).toBe("idp-stranger");
    const [event] = (await listAuditEvents()).events;
    expect(event).toMatchObject({
      action: "auth.sign_in_failed",
      actorEmail: "anonymous",
      targetName: "stranger@example.com",
      after: { method: "single sign-on", reason: "no operator has the verified e-mail address", issuer: ISSUER, subject: "idp-stranger" },
    });
    expect(await db().user.count({ where: { oidcSubject: { not: null } } })).toBe(0);
  });

  it.each([
    ["an unverified e-mail", claims("idp-ana", "ana@example.com", { email_verified: false }), "did not verify an e-mail address"],
    ["no e-mail", claims("idp-ana", undefined), "did not verify an e-mail address"],
    ["no issuer", claims("idp-ana", "ana@example.com", { iss: undefined }), "sent no issuer or subject"],
  ])("refuses %s before the first link, linking nobody", async (_case, profile, reason) => {
    const ana = await insertOperator(db(), "ana@example.com");
    expect((await signIn(profile)).admitted).toBe(false);
    expect(await linkOf(ana.id!)).toEqual({ oidcIssuer: null, oidcSubject: null });
    expect((await listAuditEvents()).events[0]!.after).toMatchObject({ reason: expect.stringContaining(reason) });
  });

  it("afterwards matches only (issuer, subject): an e-mail changed at the provider does not move to another operator", async () => {
    const ana = await insertOperator(db(), "ana@example.com");
    const bo = await insertOperator(db(), "bo@example.com");
    await signIn(claims("idp-ana", "ana@example.com"));

    const renamed = await signIn(claims("idp-ana", "bo@example.com"));
    expect(renamed).toMatchObject({ admitted: true, user: { id: ana.id, email: "ana@example.com" } });
    const unverified = await signIn(claims("idp-ana", "someone@else.example", { email_verified: false }));
    expect(unverified).toMatchObject({ admitted: true, user: { id: ana.id } });
    expect(await linkOf(bo.id!)).toEqual({ oidcIssuer: null, oidcSubject: null });
    expect((await actions()).filter((action) => action === "user.oidc_link")).toHaveLength(1);
  });

  it("refuses a second account at the provider carrying a linked operator's e-mail, keeping the link", async () => {
    const ana = await insertOperator(db(), "ana@example.com");
    await signIn(claims("idp-ana", "ana@example.com"));
    const { admitted, user } = await signIn(claims("idp-impostor", "ana@example.com"));
    expect(admitted).toBe(false);
    expect(user.id).toBe("idp-impostor");
    expect(await linkOf(ana.id!)).toEqual({ oidcIssuer: ISSUER, oidcSubject: "idp-ana" });
    expect((await listAuditEvents({ action: "auth.sign_in_failed" })).events[0]!.after).toMatchObject({
      reason: "the operator with this e-mail is linked to another account at this identity provider",
      subject: "idp-impostor",
    });
  });

  it("refuses a deactivated operator, linked or not, and links nobody", async () => {
    const ana = await insertOperator(db(), "ana@example.com");
    const bo = await insertOperator(db(), "bo@example.com");
    await signIn(claims("idp-ana", "ana@example.com"));
    await db().user.updateMany({ data: { active: false } });
    expect((await signIn(claims("idp-ana", "ana@example.com"))).admitted).toBe(false);
    expect((await signIn(claims("idp-bo", "bo@example.com"))).admitted).toBe(false);
    expect(await linkOf(bo.id!)).toEqual({ oidcIssuer: null, oidcSubject: null });
    expect((await listAuditEvents({ action: "auth.sign_in_failed" })).events.map((event) => event.after)).toEqual([
      expect.objectContaining({ reason: "the operator is deactivated", subject: "idp-bo" }),
      expect.objectContaining({ reason: "the operator is deactivated", subject: "idp-ana" }),
    ]);
    expect(await linkOf(ana.id!)).toEqual({ oidcIssuer: ISSUER, oidcSubject: "idp-ana" });
  });

  it("moves a link made under a replaced identity provider to the new one on its first sign-in", async () => {
    const ana = await insertOperator(db(), "ana@example.com");
    await db().user.update({ where: { id: ana.id! }, data: { oidcIssuer: "https://old-idp.example", oidcSubject: "old-ana" } });
    expect(await signIn(claims("idp-ana", "ana@example.com"))).toMatchObject({ admitted: true, user: { id: ana.id } });
    expect(await linkOf(ana.id!)).toEqual({ oidcIssuer: ISSUER, oidcSubject: "idp-ana" });
    expect((await listAuditEvents({ action: "user.oidc_link" })).events[0]).toMatchObject({
      before: { oidcIssuer: "https://old-idp.example", oidcSubject: "old-ana" },
    });
  });
});
