import "server-only";
/**
 * Operators: sign-in lookup, the users page, and role and status changes. Passwords are stored
 * as bcrypt hashes; only sign-in ever reads one (setting them: user-passwords.ts). The last
 * active admin can be neither demoted nor deactivated, checked inside the transaction that would
 * do it. Deactivating an operator also ends their sessions (`sessionsValidAfter`), so that
 * activating them again does not bring an old session back.
 */
import { recordAudit, type Actor } from "../audit";
import { passwordIssues } from "./password-policy";
import type { Role } from "./roles";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { getDb, type Tx } from "../db/client";
import { inTransaction, isUniqueViolation } from "../db/transactions";
import { hashPassword } from "./user-passwords";

/** An operator as every page may see them: no password hash. */
export interface UserDTO {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  readonly active: boolean;
  /** Sessions signed in before this are refused (session-validity.ts); null: none ended yet. */
  readonly sessionsValidAfter: Date | null;
  /** An admin reset the password: the operator must choose a new one before anything else. */
  readonly passwordChangeRequired: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What sign-in needs: the hash to compare against. Only lib/operators uses this. */
export interface SignInUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  readonly active: boolean;
  readonly passwordHash: string;
}

export interface NewUser {
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  readonly password: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

const userColumns = {
  id: true, email: true, name: true, role: true, active: true, sessionsValidAfter: true, passwordChangeRequired: true, createdAt: true, updatedAt: true,
} as const;

/** E-mail addresses compare case-insensitively: stored and looked up in lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The operator signing in with `email`, hash included, or null. */
export async function findUserForSignIn(email: string): Promise<SignInUser | null> {
  return getDb().user.findUnique({
    where: { email: normaliseEmail(email) },
    select: { id: true, email: true, name: true, role: true, active: true, passwordHash: true },
  });
}

/** The operator with `id`, or null. One read per request answers both who they are and whether their session still counts. */
export async function getUserById(id: string): Promise<UserDTO | null> {
  return getDb().user.findUnique({ where: { id }, select: userColumns });
}

/** Every operator, by e-mail. */
export async function listUsers(): Promise<UserDTO[]> {
  return getDb().user.findMany({ select: userColumns, orderBy: { email: "asc" } });
}

/** Creates an operator. A taken e-mail is a ConflictError; a bad e-mail or password a ValidationError. */
export async function createUser(input: NewUser, actor: Actor): Promise<UserDTO> {
  const email = normaliseEmail(input.email);
  const name = input.name.trim();
  const issues = [
    ...(EMAIL_PATTERN.test(email) ? [] : [{ path: "email", message: "must be an e-mail address" }]),
    ...(name ? [] : [{ path: "name", message: "is required" }]),
    ...passwordIssues(input.password),
  ];
  if (issues.length > 0) throw new ValidationError(issues);
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(async (tx) => {
      const user = await tx.user.create({ data: { email, name, role: input.role, passwordHash }, select: userColumns });
      await recordAudit(tx, {
        actor, action: "user.create", targetType: "user", targetId: user.id, targetName: user.email,
        before: null, after: { email, name, role: user.role, active: user.active },
      });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(`An operator with the e-mail ${email} already exists.`);
    throw error;
  }
}

/** Gives operator `id` a new role. Demoting the last active admin is a ConflictError. */
export async function changeUserRole(id: string, role: Role, actor: Actor): Promise<UserDTO> {
  return inTransaction(
    async (tx) => {
      const user = await findUserOrThrow(tx, id);
      if (user.role === role) return user;
      if (user.role === "admin" && user.active) await assertAnotherActiveAdmin(tx, user, `change ${user.email}'s role`);
      const updated = await tx.user.update({ where: { id }, data: { role }, select: userColumns });
      await recordAudit(tx, {
        actor, action: "user.role", targetType: "user", targetId: id, targetName: user.email,
        before: { role: user.role }, after: { role },
      });
      return updated;
    },
    { serializable: true },
  );
}

/**
 * Activates or deactivates operator `id`. Deactivating the last active admin is a ConflictError;
 * deactivating ends every session of theirs.
 */
export async function setUserActive(id: string, active: boolean, actor: Actor): Promise<UserDTO> {
  return inTransaction(
    async (tx) => {
      const user = await findUserOrThrow(tx, id);
      if (user.active === active) return user;
      if (!active && user.role === "admin") await assertAnotherActiveAdmin(tx, user, `deactivate ${user.email}`);
      const data = active ? { active } : { active, sessionsValidAfter: new Date() };
      const updated = await tx.user.update({ where: { id }, data, select: userColumns });
      await recordAudit(tx, {
        actor, action: active ? "user.activate" : "user.deactivate", targetType: "user", targetId: id,
        targetName: user.email, before: { active: user.active }, after: { active },
      });
      return updated;
    },
    { serializable: true },
  );
}

async function findUserOrThrow(tx: Tx, id: string): Promise<UserDTO> {
  const user = await tx.user.findUnique({ where: { id }, select: userColumns });
  if (!user) throw new NotFoundError("That operator does not exist.");
  return user;
}

async function assertAnotherActiveAdmin(tx: Tx, user: UserDTO, attempted: string): Promise<void> {
  const others = await tx.user.count({ where: { role: "admin", active: true, id: { not: user.id } } });
  if (others === 0) {
    throw new ConflictError(`Cannot ${attempted}: they are the last active admin. Make another operator an admin first.`);
  }
}
