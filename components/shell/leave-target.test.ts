import { describe, expect, it } from "vitest";
import { leavingFor, type LinkClick } from "./leave-target";

const current = new URL("http://quiver.test/tools/get_order/edit?tab=form");
const click = (href: string, overrides: Partial<LinkClick> = {}): LinkClick => ({ href, target: "", download: false, opensElsewhere: false, ...overrides });

describe("leavingFor", () => {
  it.each([
    ["another page", "http://quiver.test/personas", "/personas"],
    ["the same page with another query", "http://quiver.test/tools/get_order/edit?tab=json", "/tools/get_order/edit?tab=json"],
    ["a relative link", "/audit#top", "/audit#top"],
    ["an explicit same-tab target", "http://quiver.test/tools", "/tools"],
  ])("leaves for %s", (_case, href, expected) => {
    expect(leavingFor(click(href, href.endsWith("/tools") ? { target: "_self" } : {}), current)).toBe(expected);
  });

  it.each<[string, LinkClick]>([
    ["a fragment of this page", click("http://quiver.test/tools/get_order/edit?tab=form#request")],
    ["this page itself", click("http://quiver.test/tools/get_order/edit?tab=form")],
    ["another site", click("https://docs.example.com/quiver")],
    ["a new tab", click("http://quiver.test/tools", { target: "_blank" })],
    ["a modifier click", click("http://quiver.test/tools", { opensElsewhere: true })],
    ["a download", click("http://quiver.test/tools/export.json", { download: true })],
    ["an address that is not one", click("http://[bad")],
  ])("stays for %s", (_case, linkClick) => {
    expect(leavingFor(linkClick, current)).toBeNull();
  });
});
