import "server-only";
/**
 * Signing out ends the session on the server (issue 25). A JWT session lives in the browser's
 * cookie, so clearing the cookie alone would leave a copied token valid until it expires: each
 * session's token carries a random `sessionId`, signing out records it here, and
 * session-operator.ts refuses a token whose session is recorded. The record is in the database,
 * so every instance refuses it on its very next request.
 *
 * A record is needed only while the token could still count: until its absolute lifetime ends
 * (session-validity.ts). Each sign-out prunes the records past theirs, so the table holds at most
 * one working day's sign-outs.
 */
import { randomUUID } from "node:crypto";
import { getDb } from "../db/client";
import { SESSION_ABSOLUTE_LIFETIME_MS } from "./session-validity";

/** A fresh session id for a token being issued at sign-in. */
export function newSessionId(): string {
  return randomUUID();
}

/**
 * Records that the session `sessionId`, signed in at `signedInAt` (epoch ms), has ended, and
 * prunes the records of sessions that have expired by now. Ending a session twice is harmless.
 */
export async function endSession(sessionId: string, signedInAt: number): Promise<void> {
  const db = getDb();
  const expiresAt = new Date(signedInAt + SESSION_ABSOLUTE_LIFETIME_MS);
  await db.endedSession.upsert({ where: { sessionId }, create: { sessionId, expiresAt }, update: {} });
  await db.endedSession.deleteMany({ where: { expiresAt: { lt: new Date() } } });
}

/** Whether the session `sessionId` was signed out. */
export async function isSessionEnded(sessionId: string): Promise<boolean> {
  return (await getDb().endedSession.findUnique({ where: { sessionId }, select: { sessionId: true } })) !== null;
}
