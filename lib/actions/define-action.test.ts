/**
 * The action factory: the role is checked on the server before anything runs, the input is parsed
 * with the bounded schema (every problem at its field), a success refreshes its paths, a redirect
 * goes out after them, and a failure becomes an ActionResult — expected errors in their own words,
 * anything else logged and replaced by the generic sentence. Next.js and next-auth are the
 * framework boundary: their session read, `revalidatePath` and `redirect` are stood in for here.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ConflictError } from "../errors";
import { GENERIC_FAILURE, actionSuccess } from "./action-result";

const framework = vi.hoisted(() => ({
  session: null as null | { operator: Record<string, unknown> },
  revalidated: [] as unknown[][],
  redirectedTo: [] as string[],
}));

vi.mock("next-auth", () => ({ getServerSession: async () => framework.session }));
vi.mock("next/cache", () => ({ revalidatePath: (...args: unknown[]) => framework.revalidated.push(args) }));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    framework.redirectedTo.push(to);
    throw new Error("NEXT_REDIRECT");
  },
}));

const { actionRedirect, defineAction, formFields } = await import("./define-action");

const signedInAs = (role: "viewer" | "editor" | "admin", passwordChangePending = false) => {
  framework.session = { operator: { id: "u1", email: "ed@quiver.local", name: "Ed", role, signedInAt: Date.now(), passwordChangePending } };
};

const renameSchema = z.object({ name: z.string().max(10).min(1, "Choose a name"), version: z.number().int() });
const ran: unknown[] = [];

const renameAction = defineAction(
  { role: "editor", input: renameSchema, from: (name: string, version: number) => ({ name, version }), revalidate: ({ name }) => ["/tools", { path: `/tools/${name}`, type: "layout" }] },
  async (input, operator) => {
    ran.push({ input, by: operator.email });
    return actionSuccess({ renamed: input.name }, `Renamed to ${input.name}.`);
  },
);

beforeEach(() => {
  framework.session = null;
  framework.revalidated = [];
  framework.redirectedTo = [];
  ran.length = 0;
});

describe("defineAction", () => {
  it("runs the body with the parsed input and the operator, then refreshes the paths", async () => {
    signedInAs("editor");
    await expect(renameAction("orders", 3)).resolves.toEqual({ ok: true, data: { renamed: "orders" }, message: "Renamed to orders." });
    expect(ran).toEqual([{ input: { name: "orders", version: 3 }, by: "ed@quiver.local" }]);
    expect(framework.revalidated).toEqual([["/tools"], ["/tools/orders", "layout"]]);
  });

  it.each([
    ["signed out", () => undefined, "Your session has ended"],
    ["a viewer", () => signedInAs("viewer"), "This needs the editor role; you are signed in as viewer."],
    ["an admin's reset pending", () => signedInAs("admin", true), "Choose a new one"],
  ])("refuses %s before parsing or running anything", async (_who, signIn, words) => {
    signIn();
    const result = await renameAction("x".repeat(50), 1);
    expect(result).toMatchObject({ ok: false, code: "forbidden", errors: [] });
    expect(result.ok ? "" : result.message).toContain(words);
    expect(ran).toEqual([]);
    expect(framework.revalidated).toEqual([]);
  });

  it("answers bad input with every problem at its field, and runs nothing", async () => {
    signedInAs("admin");
    const result = await renameAction("", 1.5);
    expect(result).toEqual({
      ok: false,
      code: "validation",
      message: "Please fix the highlighted problems.",
      errors: [
        { path: "name", message: "Choose a name" },
        { path: "version", message: expect.any(String) },
      ],
    });
    expect(ran).toEqual([]);
    expect(framework.revalidated).toEqual([]);
  });

  it("keeps an expected error's words and refreshes nothing", async () => {
    signedInAs("editor");
    const stale = defineAction({ role: "editor", input: z.string().max(5), revalidate: ["/tools"] }, async () => {
      throw new ConflictError("Someone saved a newer version.");
    });
    await expect(stale("a")).resolves.toEqual({ ok: false, errors: [], message: "Someone saved a newer version.", code: "conflict" });
    expect(framework.revalidated).toEqual([]);
  });

  it("logs an unexpected error and answers the generic sentence, never its message", async () => {
    signedInAs("editor");
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = defineAction({ role: "viewer", input: z.string().max(5) }, async () => {
      throw new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2");
    });
    const result = await broken("a");
    expect(result).toEqual({ ok: false, errors: [], message: GENERIC_FAILURE });
    expect(JSON.stringify(result)).not.toContain("hunter2");
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it("refreshes, then redirects, when the body sends the browser on", async () => {
    signedInAs("editor", true);
    const finish = defineAction({ role: "own-account", input: z.undefined(), from: () => undefined, revalidate: [{ path: "/", type: "layout" }] }, async () => actionRedirect("/"));
    await expect(finish()).rejects.toThrow("NEXT_REDIRECT");
    expect(framework.revalidated).toEqual([["/", "layout"]]);
    expect(framework.redirectedTo).toEqual(["/"]);
  });

  it("reads a form's fields for useActionState, ignoring the previous state", () => {
    const form = new FormData();
    form.set("email", "a@b.c");
    form.set("role", "viewer");
    expect(formFields({ ok: true }, form)).toEqual({ email: "a@b.c", role: "viewer" });
  });
});
