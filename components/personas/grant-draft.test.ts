/**
 * The grant form's rules: stored grants and drafts convert both ways ("No tools" is the empty
 * list); the new-persona dialog starts a root at "No tools" and a child at "inherit"; an "inherit"
 * chosen under a parent does not survive a move to the root; a root is offered "inherit" only when
 * it already inherits.
 */
import { describe, expect, it } from "vitest";
import type { PersonaGrant } from "@/lib/personas/grant";
import { grantChoiceAfterParentChange, grantDraftOf, grantOfDraft, newPersonaGrantDraft, offersInherit, type GrantDraft } from "./grant-draft";

const draft = (kind: GrantDraft["kind"], names: readonly string[] = []): GrantDraft => ({ kind, names });

describe("grant drafts", () => {
  it.each<[PersonaGrant, GrantDraft]>([
    [null, draft("inherit")],
    ["all", draft("all")],
    [[], draft("none")],
    [["lookup_order"], draft("tools", ["lookup_order"])],
  ])("stored %j reads as %j and back", (stored, expected) => {
    expect(grantDraftOf(stored)).toEqual(expected);
    expect(grantOfDraft(expected)).toEqual(stored);
  });

  it("stores chosen tools with nothing chosen as no tools", () => {
    expect(grantOfDraft(draft("tools"))).toEqual([]);
  });
});

describe("the new-persona dialog's grant", () => {
  it.each<[string, GrantDraft | null, string | null, GrantDraft]>([
    ["a root starts with no tools", null, null, draft("none")],
    ["a child starts inheriting", null, "support-base", draft("inherit")],
    ["the admin's choice wins over the default", draft("all"), null, draft("all")],
  ])("%s", (_rule, chosen, parentSlug, expected) => {
    expect(newPersonaGrantDraft(chosen, parentSlug)).toEqual(expected);
  });

  it.each<[string, GrantDraft | null, string | null, GrantDraft | null]>([
    ["inherit chosen under a parent is dropped when the persona becomes a root", draft("inherit"), null, null],
    ["inherit stays while there is a parent", draft("inherit"), "sales-base", draft("inherit")],
    ["every tool stays, chosen knowingly", draft("all"), null, draft("all")],
    ["a chosen list stays", draft("tools", ["a"]), null, draft("tools", ["a"])],
    ["no choice stays no choice (the default follows the parent)", null, "sales-base", null],
  ])("%s", (_rule, chosen, parentSlug, expected) => {
    expect(grantChoiceAfterParentChange(chosen, parentSlug)).toEqual(expected);
  });

  it("ends at no tools when inherit was chosen under a parent that is then cleared", () => {
    expect(newPersonaGrantDraft(grantChoiceAfterParentChange(draft("inherit"), null), null)).toEqual(draft("none"));
  });
});

describe("offersInherit", () => {
  it.each<[string, string | null, PersonaGrant | undefined, boolean]>([
    ["a child is offered inherit", "base", undefined, true],
    ["a new root is not: there it would mean every tool", null, undefined, false],
    ["a stored root that inherits is, so its setting shows", null, null, true],
    ["a stored root with its own grant is not", null, [], false],
  ])("%s", (_rule, parentSlug, stored, expected) => {
    expect(offersInherit(parentSlug, stored)).toBe(expected);
  });
});
