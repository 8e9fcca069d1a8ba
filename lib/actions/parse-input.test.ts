import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError } from "../errors";
import { parseForm, parseInput } from "./parse-input";

const schema = z.object({ email: z.string().min(3, "is too short"), role: z.enum(["admin", "viewer"]) });

describe("parseInput", () => {
  it("returns the parsed value", () => {
    expect(parseInput(schema, { email: "a@b", role: "admin" })).toEqual({ email: "a@b", role: "admin" });
  });

  it("lists every problem with its field", () => {
    try {
      parseInput(schema, { email: "a", role: "owner" });
      expect.unreachable("bad input must throw");
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(["email", "role"]);
      expect((error as ValidationError).issues[0]!.message).toBe("is too short");
    }
  });
});

describe("parseInput on unions and maps", () => {
  const issuesOf = (run: () => unknown) => {
    try {
      run();
      return expect.unreachable("bad input must throw");
    } catch (error) {
      return (error as ValidationError).issues;
    }
  };

  it("reports the problems of the option a union's value was meant for, not 'Invalid input'", () => {
    const grant = z.object({ grant: z.union([z.null(), z.literal("all"), z.array(z.string().max(3, "is too long"))]) });
    expect(issuesOf(() => parseInput(grant, { grant: ["ok", "toolong"] }))).toEqual([{ path: "grant.1", message: "is too long" }]);
  });

  it("keeps zod's own message when no option fits the value's kind", () => {
    const grant = z.object({ grant: z.union([z.null(), z.literal("all")]) });
    expect(issuesOf(() => parseInput(grant, { grant: 3 }))).toEqual([{ path: "grant", message: "Invalid input" }]);
  });

  it("reports a map's bad key at that key", () => {
    const secrets = z.object({ secrets: z.record(z.string().max(3, "is too long"), z.string()) });
    expect(issuesOf(() => parseInput(secrets, { secrets: { long: "v" } }))).toEqual([{ path: "secrets.long", message: "the name is too long" }]);
  });
});

describe("parseForm", () => {
  it("reads the form's fields", () => {
    const form = new FormData();
    form.set("email", "ops@example.com");
    form.set("role", "viewer");
    expect(parseForm(schema, form)).toEqual({ email: "ops@example.com", role: "viewer" });
  });
});
