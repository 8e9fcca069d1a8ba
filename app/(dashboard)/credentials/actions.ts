"use server";

import { revalidatePath } from "next/cache";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import { credentialNameSchema, deleteCredentialSchema, saveCredentialSchema } from "@/lib/actions/schemas/credentials";
import { requireRole } from "@/lib/auth/session";
import { deleteCredential, saveCredential, testCredential, type CredentialTestResult } from "@/lib/runtime/credentials";

const PATH = "/credentials";

/** What a save reports beyond its message: the credential's name, and why its stored secret was dropped (if it was). */
export interface SavedCredential {
  readonly name: string;
  readonly droppedSecret: string | null;
}

/** Creates or edits a credential (editors and admins); the result names it, never its secret. */
export async function saveCredentialAction(request: unknown): Promise<ActionResult<SavedCredential>> {
  try {
    const user = await requireRole("editor");
    const { input, existingName, basedOnVersion, clearSecret } = parseInput(saveCredentialSchema, request);
    const saved = await saveCredential(input, { existingName: existingName ?? undefined, basedOnVersion: basedOnVersion ?? undefined, clearSecret }, user);
    revalidatePath(PATH);
    const message = saved.unchanged ? `Credential ${saved.name} had no changes to save.` : `Credential ${saved.name} ${existingName ? "saved" : "created"}.`;
    return actionSuccess({ name: saved.name, droppedSecret: saved.droppedSecret }, message);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Deletes a credential no tool uses (editors and admins); refused, naming the tools, while one does. */
export async function deleteCredentialAction(request: unknown): Promise<ActionResult> {
  try {
    const user = await requireRole("editor");
    const { name, basedOnVersion } = parseInput(deleteCredentialSchema, request);
    await deleteCredential(name, user, basedOnVersion);
    revalidatePath(PATH);
    return actionSuccess(undefined, `Credential ${name} deleted.`);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Tries a credential (editors and admins): OAuth2 fetches a token and reports its expiry and scopes, never the token. */
export async function testCredentialAction(name: unknown): Promise<ActionResult<CredentialTestResult>> {
  try {
    await requireRole("editor");
    return actionSuccess(await testCredential(parseInput(credentialNameSchema, name)));
  } catch (error) {
    return actionFailure(error);
  }
}
