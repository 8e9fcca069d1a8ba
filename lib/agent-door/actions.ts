"use server";
/** API keys' server actions (admins): create (the token shown once) and revoke. */
import { actionSuccess } from "../actions/action-result";
import { defineAction } from "../actions/define-action";
import { createApiKey, revokeApiKey } from "./api-keys";
import { apiKeyIdSchema, newApiKeySchema } from "./schemas";

const PATH = "/settings/api-keys";

/** What the dialog shows once: the token, with the name and prefix to recognise the key later, and the personas it reaches. */
export interface NewKeyShown {
  readonly name: string;
  readonly prefix: string;
  readonly token: string;
  readonly personaSlugs: readonly string[];
}

/** Creates an API key; the result carries its token, the only time it leaves the server. */
export const createApiKeyAction = defineAction(
  { role: "admin", input: newApiKeySchema, from: (input: unknown) => input, revalidate: [PATH] },
  async ({ name, personaSlugs, expiresOn }, admin) => {
    const key = await createApiKey({ name, personaSlugs, expiresAt: expiresOn }, admin);
    return actionSuccess<NewKeyShown>({ name: key.name, prefix: key.prefix, token: key.token, personaSlugs }, `API key ${key.name} created.`);
  },
);

/** Revokes an API key; the next call with it is refused. */
export const revokeApiKeyAction = defineAction(
  { role: "admin", input: apiKeyIdSchema, from: (id: string) => id, revalidate: [PATH] },
  async (id, admin) => {
    const key = await revokeApiKey(id, admin);
    return actionSuccess(undefined, `API key ${key.name} is revoked.`);
  },
);
