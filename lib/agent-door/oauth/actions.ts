"use server";
/**
 * OAuth's server actions (admins): answering an app's request on the consent page, and revoking a
 * connected app under Settings. The consent answers read the browser's interaction cookie, which
 * only reaches the consent page's own path: they are posted from that page, and Next.js refuses a
 * server action whose Origin is not this site's.
 */
import { headers } from "next/headers";
import { actionSuccess } from "../../actions/action-result";
import { defineAction } from "../../actions/define-action";
import { connectedAppIdSchema, consentAnswerSchema } from "../schemas";
import { approveConsentRequest, denyConsentRequest } from "./consent";
import { revokeConnectedApp } from "./connected-apps";

/** Where the browser goes after an answer: the authorization endpoint, which returns to the app. */
export interface ConsentAnswered {
  readonly continueTo: string;
}

const cookieHeader = async () => (await headers()).get("cookie") ?? "";

/** Approves the app's request; the browser continues to the app with a code. */
export const approveConsentAction = defineAction(
  { role: "admin", input: consentAnswerSchema, from: (uid: string, personaSlugs: readonly string[]) => ({ uid, personaSlugs }), revalidate: ["/settings/connected-apps"] },
  async ({ uid, personaSlugs }, admin) => actionSuccess<ConsentAnswered>({ continueTo: await approveConsentRequest(uid, personaSlugs, await cookieHeader(), admin) }, "Approved. Returning to the app…"),
);

/** Denies the app's request; the browser continues to the app with `access_denied`. */
export const denyConsentAction = defineAction(
  { role: "admin", input: consentAnswerSchema, from: (uid: string) => ({ uid, personaSlugs: [] }) },
  async ({ uid }, admin) => actionSuccess<ConsentAnswered>({ continueTo: await denyConsentRequest(uid, await cookieHeader(), admin) }, "Denied. Returning to the app…"),
);

/** Revokes a connected app: its next call is refused. */
export const revokeConnectedAppAction = defineAction(
  { role: "admin", input: connectedAppIdSchema, from: (grantId: string) => grantId, revalidate: ["/settings/connected-apps"] },
  async (grantId, admin) => {
    await revokeConnectedApp(grantId, admin);
    return actionSuccess(undefined, "The app is disconnected: its next call is refused.");
  },
);
