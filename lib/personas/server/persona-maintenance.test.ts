import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../audit/events";
import { NotFoundError } from "../../errors";
import { createApiKey, listApiKeys } from "../../agent-door/api-keys";
import { listAuditEvents } from "../../audit/audit-log";
import { deletePersona, previewPersonaDeletion, removeStalePersonaToolNames } from "./persona-maintenance";
import { createPersona, getPersona, listPersonas, setPersonaGrant, setPersonaToolEnabled } from "./personas";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { refusalChecker } from "../../db/test-support/raw-rows";

const targets = await databaseTargets();
const known = (names: readonly string[]) => (name: string) => names.includes(name);

describe.each(targets)("persona maintenance on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);

  it("deletes a persona with children and keys: children move to its parent, a key left with no persona is revoked", async () => {
    await createPersona({ slug: "root", name: "Root" }, SYSTEM_ACTOR);
    await createPersona({ slug: "mid", name: "Mid", parentSlug: "root" }, SYSTEM_ACTOR);
    await createPersona({ slug: "leaf-a", name: "Leaf A", parentSlug: "mid" }, SYSTEM_ACTOR);
    await createPersona({ slug: "leaf-b", name: "Leaf B", parentSlug: "mid" }, SYSTEM_ACTOR);
    await createApiKey({ name: "Only mid", personaSlugs: ["mid"] }, SYSTEM_ACTOR);
    await createApiKey({ name: "Mid and root", personaSlugs: ["mid", "root"] }, SYSTEM_ACTOR);

    const expected = {
      slug: "mid",
      children: [{ slug: "leaf-a", name: "Leaf A" }, { slug: "leaf-b", name: "Leaf B" }],
      newParentSlug: "root",
      keepingGrant: [],
      detachedKeys: ["Mid and root"],
      revokedKeys: ["Only mid"],
    };
    expect(await previewPersonaDeletion("mid")).toEqual(expected);
    expect(await deletePersona("mid", SYSTEM_ACTOR)).toEqual(expected);

    expect((await listPersonas()).map((persona) => [persona.slug, persona.parentSlug])).toEqual([
      ["leaf-a", "root"],
      ["leaf-b", "root"],
      ["root", null],
    ]);
    const keys = await listApiKeys();
    expect(keys.map((key) => [key.name, key.personaSlugs, key.revokedAt !== null]).sort()).toEqual([
      ["Mid and root", ["root"], false],
      ["Only mid", [], true],
    ]);
    const events = (await listAuditEvents({ limit: 20 })).events;
    expect(events.slice(0, 4).map((event) => [event.action, event.targetName])).toEqual([
      ["persona.delete", "mid"],
      ["api_key.revoke", "Only mid"],
      ["persona.parent", "leaf-b"],
      ["persona.parent", "leaf-a"],
    ]);
    expect(events[0]).toMatchObject({ before: { parent: "root", apiKeys: ["Mid and root", "Only mid"] }, after: null });
  });

  it("deleting a root makes its children roots; one that inherited keeps the root's grant, not every tool", async () => {
    await createPersona({ slug: "root", name: "Root", grant: ["a"] }, SYSTEM_ACTOR);
    await createPersona({ slug: "child", name: "Child", parentSlug: "root" }, SYSTEM_ACTOR);
    await createPersona({ slug: "own", name: "Own", parentSlug: "root", grant: ["b"] }, SYSTEM_ACTOR);
    expect(await previewPersonaDeletion("root")).toMatchObject({ newParentSlug: null, keepingGrant: ["child"] });
    expect((await deletePersona("root", SYSTEM_ACTOR)).newParentSlug).toBeNull();
    expect(await getPersona("child")).toMatchObject({ parentSlug: null, grant: ["a"], version: 2 });
    expect(await getPersona("own")).toMatchObject({ parentSlug: null, grant: ["b"], version: 2 });
    const move = (await listAuditEvents({ targetType: "persona" })).events.find((event) => event.targetName === "child");
    expect(move).toMatchObject({ action: "persona.parent", before: { parent: "root", grant: null }, after: { parent: null, grant: ["a"] } });
  });

  it("deleting a middle persona with its own grant: an inheriting child keeps that grant instead of the wider one above", async () => {
    await createPersona({ slug: "base", name: "Base", grant: "all" }, SYSTEM_ACTOR);
    await createPersona({ slug: "narrow", name: "Narrow", parentSlug: "base", grant: ["a"] }, SYSTEM_ACTOR);
    await createPersona({ slug: "leaf", name: "Leaf", parentSlug: "narrow" }, SYSTEM_ACTOR);
    await deletePersona("narrow", SYSTEM_ACTOR);
    expect(await getPersona("leaf")).toMatchObject({ parentSlug: "base", grant: ["a"] });
  });

  it("refuses to delete a missing persona, changing nothing", async () => {
    await createPersona({ slug: "p", name: "P" }, SYSTEM_ACTOR);
    await refused(() => deletePersona("missing", SYSTEM_ACTOR), NotFoundError);
  });

  it("cleans stale names from the disabled list, and from the grant only when allowed", async () => {
    await createPersona({ slug: "p", name: "P", grant: ["a", "gone_g"], disabledTools: ["gone_d", "a"] }, SYSTEM_ACTOR);
    expect(await removeStalePersonaToolNames("p", known(["a"]), false, SYSTEM_ACTOR)).toEqual({
      removedFromDisabled: ["gone_d"], removedFromGrant: [], leftInGrant: ["gone_g"],
    });
    expect(await getPersona("p")).toMatchObject({ grant: ["a", "gone_g"], disabledTools: ["a"] });
    expect(await removeStalePersonaToolNames("p", known(["a"]), true, SYSTEM_ACTOR)).toEqual({
      removedFromDisabled: [], removedFromGrant: ["gone_g"], leftInGrant: [],
    });
    expect(await getPersona("p")).toMatchObject({ grant: ["a"], disabledTools: ["a"] });
    // Nothing stale: nothing written, nothing audited.
    const before = (await listAuditEvents()).events.length;
    await removeStalePersonaToolNames("p", known(["a"]), true, SYSTEM_ACTOR);
    expect((await listAuditEvents()).events.length).toBe(before);
  });

  it("keeps every toggle that lands while a clean-up runs (issue 15)", async () => {
    const tools = Array.from({ length: 10 }, (_, index) => `tool_${index}`);
    await createPersona({ slug: "p", name: "P", disabledTools: ["gone"] }, SYSTEM_ACTOR);
    await Promise.all([
      removeStalePersonaToolNames("p", known(tools), false, SYSTEM_ACTOR),
      ...tools.map((tool) => setPersonaToolEnabled("p", tool, false, SYSTEM_ACTOR)),
      removeStalePersonaToolNames("p", known(tools), false, SYSTEM_ACTOR),
    ]);
    expect([...(await getPersona("p"))!.disabledTools].sort()).toEqual(tools);
  });

  it("a grant changed by an admin while a clean-up runs keeps the admin's names", async () => {
    await createPersona({ slug: "p", name: "P", grant: ["a", "gone"] }, SYSTEM_ACTOR);
    await Promise.all([
      removeStalePersonaToolNames("p", known(["a", "b"]), true, SYSTEM_ACTOR),
      setPersonaGrant("p", ["a", "b", "gone"], SYSTEM_ACTOR),
    ]);
    expect((await getPersona("p"))!.grant).toEqual(expect.arrayContaining(["a", "b"]));
  });
});
