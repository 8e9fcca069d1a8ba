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

describe("parseForm", () => {
  it("reads the form's fields", () => {
    const form = new FormData();
    form.set("email", "ops@example.com");
    form.set("role", "viewer");
    expect(parseForm(schema, form)).toEqual({ email: "ops@example.com", role: "viewer" });
  });
});
