import bcrypt from "bcryptjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { createUser, setUserActive } from "../db/users";
import { checkPassword } from "./password-sign-in";

const targets = await databaseTargets();
const PASSWORD = "correct horse battery";

describe.each(targets)("password sign-in on $name", (target) => {
  useTestDatabase(target);
  afterEach(() => vi.restoreAllMocks());

  async function operator(password = PASSWORD) {
    return createUser({ email: "ana@example.com", name: "Ana", role: "editor", password }, SYSTEM_ACTOR);
  }

  it("accepts the right password, with the e-mail in any case", async () => {
    const user = await operator();
    expect(await checkPassword(" ANA@example.com", PASSWORD)).toEqual({ id: user.id, email: "ana@example.com", name: "Ana" });
  });

  it.each([
    ["a wrong password", "ana@example.com", "wrong horse battery"],
    ["an unknown e-mail", "bo@example.com", PASSWORD],
    ["an empty password", "ana@example.com", ""],
  ])("refuses %s", async (_case, email, password) => {
    await operator();
    expect(await checkPassword(email, password)).toBeNull();
  });

  it("refuses a deactivated operator's right password", async () => {
    const user = await operator();
    await setUserActive(user.id, false, SYSTEM_ACTOR);
    expect(await checkPassword("ana@example.com", PASSWORD)).toBeNull();
  });

  it("refuses input over 72 bytes without hashing it, even when its first 72 bytes are the password", async () => {
    const exact = "x".repeat(72);
    await operator(exact);
    const compare = vi.spyOn(bcrypt, "compare");
    // bcrypt would ignore the 73rd byte and call this a match.
    expect(await checkPassword("ana@example.com", `${exact}y`)).toBeNull();
    expect(compare).not.toHaveBeenCalled();
    expect(await checkPassword("ana@example.com", exact)).not.toBeNull();
  });
});
