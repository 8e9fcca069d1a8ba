import { describe, expect, it } from "vitest";
import { isCurrentSection, visibleNavigation } from "./navigation";

const labels = (role: string) => visibleNavigation(role).flatMap((group) => group.items.map((item) => item.label));

describe("the navigation", () => {
  it.each([
    ["admin", ["Overview", "Tools", "Personas", "Playground", "Credentials", "Usage", "Audit", "API keys", "Connected apps", "Settings"]],
    ["editor", ["Overview", "Tools", "Personas", "Playground", "Credentials", "Usage", "Audit", "Settings"]],
    ["viewer", ["Overview", "Tools", "Personas", "Playground", "Credentials", "Usage", "Audit", "Settings"]],
    ["not-a-role", ["Overview", "Tools", "Personas", "Playground", "Credentials", "Usage", "Audit", "Settings"]],
  ])("shows %s its entries, the admin-only ones to admins alone", (role, expected) => {
    expect(labels(role)).toEqual(expected);
  });

  // One row per page: the entry it highlights. A section nested in Settings is current instead of Settings.
  it.each([
    ["/settings", "/settings"],
    ["/settings/users", "/settings"],
    ["/settings/account", "/settings"],
    ["/settings/api-keys", "/settings/api-keys"],
    ["/settings/connected-apps", "/settings/connected-apps"],
    ["/tools/e2e_orders/edit", "/tools"],
    ["/", "/"],
  ])("on %s highlights %s alone", (pathname, current) => {
    const hrefs = visibleNavigation("admin").flatMap((group) => group.items.map((item) => item.href));
    expect(hrefs.filter((href) => isCurrentSection(pathname, href))).toEqual([current]);
  });
});
