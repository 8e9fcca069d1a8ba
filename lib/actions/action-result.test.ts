import { describe, expect, it, vi } from "vitest";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { actionFailure, actionSuccess, GENERIC_FAILURE } from "./action-result";

describe("actionFailure", () => {
  it("keeps every validation issue for the form, with a general sentence", () => {
    const issues = [
      { path: "email", message: "must be an e-mail address" },
      { path: "password", message: "must be at least 8 characters long" },
    ];
    expect(actionFailure(new ValidationError(issues))).toEqual({ ok: false, errors: issues, message: "Please fix the highlighted problems.", code: "validation" });
  });

  it.each([
    new ConflictError("Cannot deactivate ana@example.com: they are the last active admin."),
    new ForbiddenError("This needs the admin role; you are signed in as viewer."),
    new NotFoundError('Persona "x" does not exist.'),
  ])("passes the message of an expected %s through", (error) => {
    const log = vi.fn();
    expect(actionFailure(error, log)).toEqual({ ok: false, errors: [], message: error.message, code: error.code });
    expect(log).not.toHaveBeenCalled();
  });

  it("replaces anything unexpected with a generic sentence, logging the cause on the server only", () => {
    const log = vi.fn();
    const internal = new Error("connect ECONNREFUSED db.internal:5432 password=hunter2-database");
    const result = actionFailure(internal, log);
    expect(result).toEqual({ ok: false, errors: [], message: GENERIC_FAILURE });
    expect(JSON.stringify(result)).not.toContain("hunter2");
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]![1]).toBe(internal);
  });
});

describe("actionSuccess", () => {
  it("carries data and an optional message", () => {
    expect(actionSuccess({ email: "a@b" })).toEqual({ ok: true, data: { email: "a@b" } });
    expect(actionSuccess(undefined, "Saved.")).toEqual({ ok: true, data: undefined, message: "Saved." });
  });
});
