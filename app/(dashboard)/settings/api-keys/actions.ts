"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import { requireRole } from "@/lib/auth/session";
import { createApiKey, revokeApiKey } from "@/lib/db/api-keys";

const PATH = "/settings/api-keys";

/** A date from the form's date field: the key works through that whole day (UTC), to its last millisecond. */
const expiryDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD")
  .transform((day) => new Date(Date.parse(`${day}T23:59:59.999Z`)));

const newKeySchema = z.object({
  name: z.string(),
  personaSlugs: z.array(z.string()),
  expiresOn: z.union([z.literal("").transform(() => null), expiryDate]),
});

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
    const { name, personaSlugs, expiresOn } = parseInput(newKeySchema, input);
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
    const key = await revokeApiKey(parseInput(z.string().min(1, "Choose a key"), id), admin);
    revalidatePath(PATH);
    return actionSuccess(undefined, `API key ${key.name} is revoked.`);
  } catch (error) {
    return actionFailure(error);
  }
}
