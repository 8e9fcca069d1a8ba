import { describe, expect, it } from "vitest";
import { reapplyEdits } from "./reapply";

const base = { name: "lookup", description: "Old", timeout: 10, request: { method: "GET", url: "https://a.example/x", headers: {}, query: {}, body: null } };

describe("reapplyEdits", () => {
  it("keeps the colleague's change and lays mine over it", () => {
    const latest = { ...base, description: "Colleague's words", request: { ...base.request, query: { q: "{{q}}" } } };
    const mine = { ...base, timeout: 30, request: { ...base.request, url: "https://a.example/y" } };
    const { document, overlapping } = reapplyEdits(base, mine, latest);
    expect(document).toEqual({ ...base, description: "Colleague's words", timeout: 30, request: { ...base.request, url: "https://a.example/y", query: { q: "{{q}}" } } });
    expect(overlapping).toEqual([]);
  });

  it("names the parts both changed differently, and mine wins there", () => {
    const latest = { ...base, description: "Theirs" };
    const mine = { ...base, description: "Mine" };
    expect(reapplyEdits(base, mine, latest)).toEqual({ document: mine, overlapping: ["description"] });
  });

  it("does not call the same change on both sides an overlap", () => {
    const both = { ...base, description: "Same" };
    expect(reapplyEdits(base, both, both).overlapping).toEqual([]);
  });

  it("removes a part I removed", () => {
    const withEvidence = { ...base, evidence: { items_path: null, fields: { t: "title" } } };
    const { document } = reapplyEdits(withEvidence, base, withEvidence);
    expect(document).not.toHaveProperty("evidence");
  });
});
