import { describe, expect, it } from "vitest";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { insertOperator } from "../../db/test-support/fixtures";
import { endUserSessions } from "../user-passwords";
import { getAuthOptions } from "./options";

const authOptions = getAuthOptions();

type JwtParams = Parameters<NonNullable<NonNullable<typeof authOptions.callbacks>["jwt"]>>[0];
type SessionParams = Parameters<NonNullable<NonNullable<typeof authOptions.callbacks>["session"]>>[0];

/** next-auth's jwt callback, as it is called at sign-in (`user` and `account`) or on a renewal (neither). */
function jwt(params: Partial<JwtParams>) {
  return authOptions.callbacks!.jwt!({ token: {}, ...params } as JwtParams);
}

/** next-auth's session callback for `token`: the body of `GET /api/auth/session`. */
function sessionFor(token: SessionParams["token"]) {
  return authOptions.callbacks!.session!({ session: { expires: "2026-12-02T00:00:00.000Z" }, token } as SessionParams);
}

describe("the session token's claims", () => {
  it.each([
    { rule: "a password sign-in records the password method", provider: "credentials", method: "password" },
    { rule: "a single sign-on records the oidc method", provider: "oidc", method: "oidc" },
  ])("$rule", async ({ provider, method }) => {
    const token = await jwt({ user: { id: "op-1" }, account: { provider, type: "oauth", providerAccountId: "x" } });
    expect(token).toMatchObject({ operatorId: "op-1", signInMethod: method });
    expect(typeof token.signedInAt).toBe("number");
    expect(token.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("every sign-in gets its own session id", async () => {
    const first = await jwt({ user: { id: "op-1" } });
    const second = await jwt({ user: { id: "op-1" } });
    expect(first.sessionId).not.toBe(second.sessionId);
  });

  it("a renewal keeps the sign-in's claims as they were", async () => {
    const token = { operatorId: "op-1", sessionId: "s-1", signedInAt: 1, signInMethod: "oidc" as const };
    expect(await jwt({ token: { ...token } })).toEqual(token);
  });
});

const targets = await databaseTargets();

describe.each(targets)("the session answer on $name", (target) => {
  const db = useTestDatabase(target);

  it("carries the operator while the session counts, and is next-auth's empty answer once it has ended", async () => {
    const user = await insertOperator(db(), "hal@example.com", "viewer");
    const token = { operatorId: user.id!, sessionId: "s-1", signedInAt: Date.now() - 1, signInMethod: "password" as const };
    expect(await sessionFor(token)).toMatchObject({ operator: { id: user.id, email: "hal@example.com", role: "viewer", passwordChangePending: false } });

    await endUserSessions(user.id!, user);
    expect(await sessionFor(token)).toEqual({});
  });

  it("signing out ends that session on the server: its token, replayed, is the empty answer, and the sign-out is audited", async () => {
    const user = await insertOperator(db(), "ida@example.com", "viewer");
    const token = { operatorId: user.id!, sessionId: "s-ida", signedInAt: Date.now() - 1, signInMethod: "password" as const };
    expect(await sessionFor(token)).toMatchObject({ operator: { id: user.id } });

    await authOptions.events!.signOut!({ token, session: undefined as never });
    expect(await sessionFor(token)).toEqual({});
    expect(await db().auditEvent.count({ where: { action: "auth.sign_out", actorId: user.id } })).toBe(1);
  });
});
