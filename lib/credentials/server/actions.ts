"use server";
/** The shared credentials' server actions (editors and admins): save, delete, test. */
import { actionSuccess } from "../../actions/action-result";
import { defineAction } from "../../actions/define-action";
import { deleteCredential, saveCredential, testCredential } from "./credentials";
import { credentialNameSchema, deleteCredentialSchema, saveCredentialSchema } from "./schemas";

const PATH = "/credentials";

/** What a save reports beyond its message: the credential's name, and why its stored secret was dropped (if it was). */
export interface SavedCredential {
  readonly name: string;
  readonly droppedSecret: string | null;
}

/** Creates or edits a credential; the result names it, never its secret. */
export const saveCredentialAction = defineAction(
  { role: "editor", input: saveCredentialSchema, from: (request: unknown) => request, revalidate: [PATH] },
  async ({ input, existingName, basedOnVersion, clearSecret }, user) => {
    const saved = await saveCredential(input, { existingName: existingName ?? undefined, basedOnVersion: basedOnVersion ?? undefined, clearSecret }, user);
    const message = saved.unchanged ? `Credential ${saved.name} had no changes to save.` : `Credential ${saved.name} ${existingName ? "saved" : "created"}.`;
    return actionSuccess<SavedCredential>({ name: saved.name, droppedSecret: saved.droppedSecret }, message);
  },
);

/** Deletes a credential no tool uses; refused, naming the tools, while one does. */
export const deleteCredentialAction = defineAction(
  { role: "editor", input: deleteCredentialSchema, from: (request: unknown) => request, revalidate: [PATH] },
  async ({ name, basedOnVersion }, user) => {
    await deleteCredential(name, user, basedOnVersion);
    return actionSuccess(undefined, `Credential ${name} deleted.`);
  },
);

/** Tries a credential: OAuth2 fetches a token and reports its expiry and scopes, never the token. */
export const testCredentialAction = defineAction(
  { role: "editor", input: credentialNameSchema, from: (name: unknown) => name },
  async (name) => actionSuccess(await testCredential(name)),
);
