import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { listAuditEvents } from "./audit";
import {
  createPersona,
  getPersona,
  getPersonaChain,
  listPersonas,
  setPersonaDisabledTools,
  setPersonaGrant,
  setPersonaParent,
  setPersonaToolEnabled,
  updatePersonaDetails,
} from "./personas";
import { databaseTargets, useTestDatabase } from "./test-support/databases";

const targets = await databaseTargets();

describe.each(targets)("personas on $name", (target) => {
  useTestDatabase(target);

  it("creates a family and reads the chain, nearest first", async () => {
    const base = await createPersona({ slug: "support-base", name: "Support", grant: ["b", " a ", "b"] }, SYSTEM_ACTOR);
    expect(base).toMatchObject({ slug: "support-base", parentSlug: null, grant: ["b", "a"], disabledTools: [], version: 1 });
    await createPersona({ slug: "support-tier1", name: "Tier 1", parentSlug: "support-base" }, SYSTEM_ACTOR);
    await createPersona({ slug: "tier1-night", name: "Night", parentSlug: "support-tier1", grant: "all" }, SYSTEM_ACTOR);

    const chain = await getPersonaChain("tier1-night");
    expect(chain.map((persona) => [persona.slug, persona.grant])).toEqual([
      ["tier1-night", "all"],
      ["support-tier1", null],
      ["support-base", ["b", "a"]],
    ]);
    expect((await listPersonas()).map((persona) => persona.slug)).toEqual(["support-base", "support-tier1", "tier1-night"]);
    await expect(getPersonaChain("nobody")).rejects.toThrow(NotFoundError);
  });

  it.each([
    { input: { slug: "Bad Slug", name: "X" }, path: "slug" },
    { input: { slug: "ok", name: " " }, path: "name" },
  ])("refuses a bad $path", async ({ input, path }) => {
    const error = await createPersona(input, SYSTEM_ACTOR).catch((caught: unknown) => caught);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([path]);
  });

  it("refuses a duplicate slug and an unknown parent", async () => {
    await createPersona({ slug: "p", name: "P" }, SYSTEM_ACTOR);
    await expect(createPersona({ slug: "p", name: "Again" }, SYSTEM_ACTOR)).rejects.toThrow(ConflictError);
    await expect(createPersona({ slug: "q", name: "Q", parentSlug: "missing" }, SYSTEM_ACTOR)).rejects.toThrow(NotFoundError);
    expect(await listPersonas()).toHaveLength(1);
  });

  it("sets grants and toggles tools, keeping a clean disabled list and an audit trail", async () => {
    await createPersona({ slug: "p", name: "P" }, SYSTEM_ACTOR);
    expect((await setPersonaGrant("p", "all", SYSTEM_ACTOR)).grant).toBe("all");
    expect((await setPersonaGrant("p", ["x", "y", "x"], SYSTEM_ACTOR)).grant).toEqual(["x", "y"]);
    expect((await setPersonaGrant("p", null, SYSTEM_ACTOR)).grant).toBeNull();

    await setPersonaToolEnabled("p", "x", false, SYSTEM_ACTOR);
    await setPersonaToolEnabled("p", "x", false, SYSTEM_ACTOR);
    expect((await setPersonaToolEnabled("p", "y", false, SYSTEM_ACTOR)).disabledTools).toEqual(["x", "y"]);
    expect((await setPersonaToolEnabled("p", "x", true, SYSTEM_ACTOR)).disabledTools).toEqual(["y"]);
    expect((await setPersonaDisabledTools("p", [], SYSTEM_ACTOR)).disabledTools).toEqual([]);
    const renamed = await updatePersonaDetails("p", { name: "Renamed", description: " Helps. " }, SYSTEM_ACTOR);
    expect(renamed).toMatchObject({ name: "Renamed", description: "Helps.", version: 9 });

    const events = (await listAuditEvents({ targetType: "persona" })).events;
    expect(events.map((event) => event.action)).toEqual([
      "persona.update", "persona.toggle_tool", "persona.toggle_tool", "persona.toggle_tool", "persona.toggle_tool",
      "persona.grant", "persona.grant", "persona.grant", "persona.create",
    ]);
    expect(events[3]).toMatchObject({ before: { disabledTools: ["x"] }, after: { disabledTools: ["x", "y"] } });
    expect(events[4]).toMatchObject({ before: { disabledTools: [] }, after: { disabledTools: ["x"] } });
  });

  it("moves a persona, refusing a cycle", async () => {
    await createPersona({ slug: "a", name: "A" }, SYSTEM_ACTOR);
    await createPersona({ slug: "b", name: "B", parentSlug: "a" }, SYSTEM_ACTOR);
    await createPersona({ slug: "c", name: "C", parentSlug: "b" }, SYSTEM_ACTOR);
    await expect(setPersonaParent("a", "c", SYSTEM_ACTOR)).rejects.toThrow(/its own ancestor/);
    await expect(setPersonaParent("a", "a", SYSTEM_ACTOR)).rejects.toThrow(ConflictError);
    expect((await getPersona("a"))?.parentSlug).toBeNull();

    expect((await setPersonaParent("c", "a", SYSTEM_ACTOR)).parentSlug).toBe("a");
    expect((await setPersonaParent("b", null, SYSTEM_ACTOR)).parentSlug).toBeNull();
    expect((await getPersonaChain("c")).map((persona) => persona.slug)).toEqual(["c", "a"]);
  });
});
