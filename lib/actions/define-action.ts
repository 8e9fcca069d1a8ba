import "server-only";

/**
 * The one way a server action is declared (STYLE.md, "Server actions: one declaration each"):
 *
 *   export const deleteToolAction = defineAction(
 *     { role: "editor", input: deleteToolSchema, from: (name: string, baseVersion: number) => ({ name, baseVersion }), revalidate: ["/tools"] },
 *     async ({ name, baseVersion }, operator) => { await deleteTool(name, baseVersion, operator); return actionSuccess(undefined, `Deleted ${name}.`); },
 *   );
 *
 * The factory checks the role on the server, parses the input with the domain's bounded schema
 * (a ValidationError lists every problem, each at its field), runs the body, refreshes the named
 * paths after a success, and maps any failure to an {@link ActionResult}: expected errors keep
 * their words, anything else is logged and replaced by a generic sentence. A body that answers
 * {@link actionRedirect} sends the browser on (Next's `redirect`, outside any `try`).
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { z } from "zod";
import { type Role } from "../operators";
import { requireOwnAccount, requireRole, type Operator } from "../operators/session";
import { actionFailure, type ActionResult } from "./action-result";
import { parseInput } from "./parse-input";

/** A path to refresh after a success; `layout` refreshes every page below it too. */
export type Revalidation = string | { readonly path: string; readonly type: "layout" | "page" };

/** A body's answer that sends the browser to `to` instead of returning a result. */
export interface ActionRedirect {
  readonly redirectTo: string;
}

/** Sends the browser to `to` once the action succeeded. */
export const actionRedirect = (to: string): ActionRedirect => ({ redirectTo: to });

type Answer<Data> = ActionResult<Data> | ActionRedirect;

interface ActionSpec<Args extends unknown[], Input, Data> {
  /** Who may call it: at least this role, or `own-account` for the operator's own account (also while a new password is pending). */
  readonly role: Role | "own-account";
  /** The bounded schema of the input (from the domain's schemas.ts). */
  readonly input: z.ZodType<Input>;
  /** How the call's arguments become the input; by default the first argument. */
  readonly from?: (...args: Args) => unknown;
  /** The paths a success refreshes: fixed, or chosen from the input. */
  readonly revalidate?: readonly Revalidation[] | ((input: Input) => readonly Revalidation[]);
}

const isRedirect = <Data>(answer: Answer<Data>): answer is ActionRedirect => "redirectTo" in answer;

function revalidate(paths: readonly Revalidation[]): void {
  for (const path of paths) {
    if (typeof path === "string") revalidatePath(path);
    else revalidatePath(path.path, path.type);
  }
}

/** A server action: see the module comment. */
export function defineAction<Args extends unknown[], Input, Data>(
  spec: ActionSpec<Args, Input, Data>,
  body: (input: Input, operator: Operator) => Promise<Answer<Data>>,
): (...args: Args) => Promise<ActionResult<Data>> {
  return async (...args: Args) => {
    let input: Input;
    let answer: Answer<Data>;
    try {
      const operator = spec.role === "own-account" ? await requireOwnAccount() : await requireRole(spec.role);
      input = parseInput(spec.input, spec.from ? spec.from(...args) : args[0]);
      answer = await body(input, operator);
    } catch (error) {
      return actionFailure(error);
    }
    if (isRedirect(answer) || answer.ok) {
      revalidate(typeof spec.revalidate === "function" ? spec.revalidate(input) : (spec.revalidate ?? []));
    }
    if (isRedirect(answer)) redirect(answer.redirectTo);
    return answer;
  };
}

/** `from` for a form used with `useActionState`: the submitted fields, the previous state ignored. */
export const formFields = (_previous: unknown, form: FormData): Record<string, FormDataEntryValue> => Object.fromEntries(form);
