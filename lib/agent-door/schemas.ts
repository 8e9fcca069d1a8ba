/** Inputs of the API key actions (app/(dashboard)/settings/api-keys). */
import { z } from "zod";
import { boundedList, boundedName, boundedText, INPUT_LIMITS } from "../actions/input-limits";

/** A date from the form's date field: the key works through that whole day (UTC), to its last millisecond. */
const expiryDate = boundedText(INPUT_LIMITS.token)
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD")
  .transform((day) => new Date(Date.parse(`${day}T23:59:59.999Z`)));

/** A new API key: its name, the personas it may use, and an optional last day. */
export const newApiKeySchema = z.object({
  name: boundedName(INPUT_LIMITS.displayName),
  personaSlugs: boundedList(boundedText(INPUT_LIMITS.slug)),
  expiresOn: z.union([z.literal("").transform(() => null), expiryDate]),
});

/** The key to revoke. */
export const apiKeyIdSchema = boundedText(INPUT_LIMITS.id).min(1, "Choose a key");

/** An OAuth interaction's uid, as oidc-provider makes them (URL-safe). */
const interactionUid = boundedText(INPUT_LIMITS.id).regex(/^[\w-]+$/, "Not a request id");

/** An operator's answer to an app's request: approve (with the persona picked when the app named none) or deny. */
export const consentAnswerSchema = z.object({
  uid: interactionUid,
  personaSlugs: boundedList(boundedText(INPUT_LIMITS.slug)),
});

/** The connected app (its grant) to revoke. */
export const connectedAppIdSchema = boundedText(INPUT_LIMITS.id).min(1, "Choose an app");
