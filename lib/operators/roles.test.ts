import { describe, expect, it } from "vitest";
import { hasRole, isRole, type Role } from "./roles";

describe("hasRole", () => {
  const table: [Role, Role, boolean][] = [
    ["viewer", "viewer", true],
    ["viewer", "editor", false],
    ["viewer", "admin", false],
    ["editor", "viewer", true],
    ["editor", "editor", true],
    ["editor", "admin", false],
    ["admin", "viewer", true],
    ["admin", "editor", true],
    ["admin", "admin", true],
  ];
  it.each(table)("%s doing what %s may → %s", (role, required, allowed) => {
    expect(hasRole(role, required)).toBe(allowed);
  });
});

describe("isRole", () => {
  it.each([
    ["admin", true],
    ["editor", true],
    ["viewer", true],
    ["Admin", false],
    ["owner", false],
    ["", false],
    [null, false],
    [3, false],
  ])("%s → %s", (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });
});
