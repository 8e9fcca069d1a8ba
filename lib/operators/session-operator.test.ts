import { describe, expect, it } from "vitest";
import type { Actor } from "../audit/events";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator } from "../db/test-support/fixtures";
import { endUserSessions, resetUserPassword, setUserPassword } from "./user-passwords";
import { setUserActive } from "./users";
import { operatorOfToken } from "./session-operator";
import { endSession } from "./ended-sessions";
import { SESSION_ABSOLUTE_LIFETIME_MS } from "./session-validity";

const targets = await databaseTargets();

describe.each(targets)("the operator behind a session token on $name", (target) => {
  const db = useTestDatabase(target);

  async function setUp() {
    const admin = await insertOperator(db(), "root@example.com", "admin");
    const user = await insertOperator(db(), "gia@example.com", "editor");
    return { admin, id: user.id! };
  }

  it("a session that still counts: the operator as the database says, nothing pending", async () => {
    const { id } = await setUp();
    const signedInAt = Date.now();
    expect(await operatorOfToken({ operatorId: id, sessionId: "s-1", signedInAt, signInMethod: "password" })).toEqual({
      id, email: "gia@example.com", name: "gia", role: "editor", signedInAt, passwordChangePending: false,
    });
  });

  it("after an admin's reset, a password sign-in must choose a new password, a single sign-on one is not held up", async () => {
    const { admin, id } = await setUp();
    await resetUserPassword(id, admin);
    const signedInAt = Date.now() + 1;

    expect(await operatorOfToken({ operatorId: id, sessionId: "s-1", signedInAt, signInMethod: "password" })).toMatchObject({ passwordChangePending: true });
    expect(await operatorOfToken({ operatorId: id, sessionId: "s-1", signedInAt })).toMatchObject({ passwordChangePending: true });
    expect(await operatorOfToken({ operatorId: id, sessionId: "s-1", signedInAt, signInMethod: "oidc" })).toMatchObject({ passwordChangePending: false });
    const { sessionsValidAfter } = await setUserPassword(id, "chosen-by-gia-1", { id, email: "gia@example.com" });
    expect(await operatorOfToken({ operatorId: id, sessionId: "s-1", signedInAt: sessionsValidAfter.getTime(), signInMethod: "password" })).toMatchObject({ passwordChangePending: false });
  });

  it.each([
    { refusal: "a session signed in before an admin's reset", end: (id: string, admin: Actor) => resetUserPassword(id, admin) },
    { refusal: "a session signed in before sign out everywhere", end: (id: string) => endUserSessions(id, { id, email: "gia@example.com" }) },
    { refusal: "a deactivated operator's session", end: (id: string, admin: Actor) => setUserActive(id, false, admin) },
    { refusal: "a session signed out", end: () => endSession("s-1", Date.now() - 1) },
  ])("no longer counts: $refusal", async ({ end }) => {
    const { admin, id } = await setUp();
    const token = { operatorId: id, sessionId: "s-1", signedInAt: Date.now() - 1, signInMethod: "password" as const };
    expect(await operatorOfToken(token)).not.toBeNull();
    await end(id, admin);
    expect(await operatorOfToken(token)).toBeNull();
  });

  it.each([
    { refusal: "a token without an operator", token: { sessionId: "s-1", signedInAt: Date.now() } },
    { refusal: "an unknown operator", token: { operatorId: "missing", sessionId: "s-1", signedInAt: Date.now() } },
    { refusal: "a token without a session id", token: { operatorId: "existing", signedInAt: Date.now() } },
    { refusal: "a token without a sign-in time", token: { operatorId: "existing", sessionId: "s-1" } },
    { refusal: "a session past its absolute lifetime", token: { operatorId: "existing", sessionId: "s-1", signedInAt: Date.now() - SESSION_ABSOLUTE_LIFETIME_MS - 1000 } },
  ])("no operator for $refusal", async ({ token }) => {
    const { id } = await setUp();
    expect(await operatorOfToken({ ...token, operatorId: token.operatorId === "existing" ? id : token.operatorId })).toBeNull();
  });

  it("signing out one session leaves the operator's other sessions alone, and ending it twice is harmless", async () => {
    const { id } = await setUp();
    const signedInAt = Date.now() - 1;
    await endSession("s-1", signedInAt);
    await endSession("s-1", signedInAt);
    expect(await operatorOfToken({ operatorId: id, sessionId: "s-1", signedInAt })).toBeNull();
    expect(await operatorOfToken({ operatorId: id, sessionId: "s-2", signedInAt })).not.toBeNull();
  });

  it("a sign-out prunes the records of sessions that have expired anyway, and keeps the ones that could still count", async () => {
    await endSession("long-expired", Date.now() - SESSION_ABSOLUTE_LIFETIME_MS - 60_000);
    await endSession("still-counting", Date.now() - 1);
    await endSession("signed-out-now", Date.now());
    const kept = await db().endedSession.findMany({ select: { sessionId: true }, orderBy: { sessionId: "asc" } });
    expect(kept.map((row) => row.sessionId)).toEqual(["signed-out-now", "still-counting"]);
  });
});
