"use server";

import { revalidatePath } from "next/cache";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import { apiKeyIdSchema, newApiKeySchema } from "@/lib/actions/schemas/api-keys";
import { requireRole } from "@/lib/auth/session";
import { createApiKey, revokeApiKey } from "@/lib/db/api-keys";

const PATH = "/settings/api-keys";

/** What the dialog shows once: the token, with the name and prefix to recognise the key later. */
export interface NewKeyShown {
  readonly name: string;
  readonly prefix: string;
  readonly token: string;
}

/** Creates an API key (admin only); the result carries its token, the only time it leaves the server. */
export async function createApiKeyAction(input: unknown): Promise<ActionResult<NewKeyShown>> {
  try {
    const admin = await requireRole("admin");
    const { name, personaSlugs, expiresOn } = parseInput(newApiKeySchema, input);
    const key = await createApiKey({ name, personaSlugs, expiresAt: expiresOn }, admin);
    revalidatePath(PATH);
    return actionSuccess({ name: key.name, prefix: key.prefix, token: key.token }, `API key ${key.name} created.`);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Revokes an API key (admin only); the next call with it is refused. */
export async function revokeApiKeyAction(id: string): Promise<ActionResult> {
  try {
    const admin = await requireRole("admin");
    const key = await revokeApiKey(parseInput(apiKeyIdSchema, id), admin);
    revalidatePath(PATH);
    return actionSuccess(undefined, `API key ${key.name} is revoked.`);
  } catch (error) {
    return actionFailure(error);
  }
}
