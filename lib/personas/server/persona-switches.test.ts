import { describe, expect, it } from "vitest";
import { NotFoundError } from "../../errors";
import { listAuditEvents } from "../../audit/audit-log";
import { createPersona, getPersona, setPersonaCallLogging, setPersonaSearchMode } from "./personas";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { refusalChecker } from "../../db/test-support/raw-rows";

const targets = await databaseTargets();
const ADMIN = { id: null, email: "admin@example.test" };

/** A persona's on/off settings: the call-log payload switch (admins) and search mode (editors). */
const SWITCHES = [
  { name: "call-log payload switch", column: "logCallPayloads", action: "persona.call_logging", set: setPersonaCallLogging },
  { name: "search mode switch", column: "exposeAsSearch", action: "persona.search_mode", set: setPersonaSearchMode },
] as const;

describe.each(targets)("a persona's switches on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);

  describe.each(SWITCHES)("the $name", ({ column, action, set }) => {
    it("is off for a new persona, turns on and off, each change versioned and audited", async () => {
      expect(await createPersona({ slug: "p", name: "P" }, ADMIN)).toMatchObject({ [column]: false, version: 1 });

      expect(await set("p", true, ADMIN)).toMatchObject({ [column]: true, version: 2 });
      expect((await db().persona.findUniqueOrThrow({ where: { slug: "p" } }))[column]).toBe(true);
      // Setting what is already stored is no change: no new version, no event.
      expect(await set("p", true, ADMIN)).toMatchObject({ [column]: true, version: 2 });
      expect(await set("p", false, ADMIN)).toMatchObject({ [column]: false, version: 3 });
      expect(await getPersona("p")).toMatchObject({ [column]: false });

      const { events } = await listAuditEvents({ targetType: "persona", action });
      expect(events).toHaveLength(2);
      expect(events[0]).toMatchObject({ actorEmail: ADMIN.email, targetName: "p", before: { [column]: true }, after: { [column]: false } });
      expect(events[1]).toMatchObject({ before: { [column]: false }, after: { [column]: true } });
    });

    it("refuses an unknown persona, writing nothing", async () => {
      await createPersona({ slug: "p", name: "P" }, ADMIN);
      await refused(() => set("missing", true, ADMIN), NotFoundError);
    });
  });

  it("keeps each switch to itself: search mode on leaves the call log switch off, and the other way round", async () => {
    await createPersona({ slug: "p", name: "P" }, ADMIN);
    expect(await setPersonaSearchMode("p", true, ADMIN)).toMatchObject({ exposeAsSearch: true, logCallPayloads: false });
    expect(await setPersonaCallLogging("p", true, ADMIN)).toMatchObject({ exposeAsSearch: true, logCallPayloads: true });
  });
});
