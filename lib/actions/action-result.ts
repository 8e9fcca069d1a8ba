/**
 * The result every server action returns, so forms render it with `useActionState`: success
 * with data, or failure with field errors and/or a message. Only expected errors reach the
 * operator with their own words; anything else is logged and replaced by a generic sentence, so
 * an internal message (or a secret inside it) never reaches the browser.
 */
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type ValidationIssue } from "../errors";

export type ActionResult<T = undefined> =
  | { readonly ok: true; readonly data: T; readonly message?: string }
  | { readonly ok: false; readonly errors: readonly ValidationIssue[]; readonly message: string; readonly code?: FailureCode };

/** Which expected error a failure was, so a form can react (e.g. reload after a conflict). */
export type FailureCode = "validation" | "conflict" | "forbidden" | "not_found";

export const GENERIC_FAILURE = "Something went wrong on our side. The change was not saved; please try again.";

/** A successful result. */
export function actionSuccess<T>(data: T, message?: string): ActionResult<T> {
  return message === undefined ? { ok: true, data } : { ok: true, data, message };
}

/** Maps a thrown error to a failed result: expected errors keep their message, others are logged. */
export function actionFailure(error: unknown, log: (message: string, error: unknown) => void = console.error): ActionResult<never> {
  if (error instanceof ValidationError) {
    return { ok: false, errors: error.issues, message: "Please fix the highlighted problems.", code: "validation" };
  }
  if (error instanceof ConflictError || error instanceof ForbiddenError || error instanceof NotFoundError) {
    return { ok: false, errors: [], message: error.message, code: error.code };
  }
  log("Unexpected error in a server action", error);
  return { ok: false, errors: [], message: GENERIC_FAILURE };
}
