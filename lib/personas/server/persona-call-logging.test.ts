import { describe, expect, it } from "vitest";
import { NotFoundError } from "../../errors";
import { listAuditEvents } from "../../audit/audit-log";
import { createPersona, getPersona, setPersonaCallLogging } from "./personas";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { refusalChecker } from "../../db/test-support/raw-rows";

const targets = await databaseTargets();
const ADMIN = { id: null, email: "admin@example.test" };

describe.each(targets)("a persona's call-log payload switch on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);

  it("is off for a new persona, turns on and off, each change versioned and audited", async () => {
    expect(await createPersona({ slug: "p", name: "P" }, ADMIN)).toMatchObject({ logCallPayloads: false, version: 1 });

    expect(await setPersonaCallLogging("p", true, ADMIN)).toMatchObject({ logCallPayloads: true, version: 2 });
    expect((await db().persona.findUniqueOrThrow({ where: { slug: "p" } })).logCallPayloads).toBe(true);
    // Setting what is already stored is no change: no new version, no event.
    expect(await setPersonaCallLogging("p", true, ADMIN)).toMatchObject({ logCallPayloads: true, version: 2 });
    expect(await setPersonaCallLogging("p", false, ADMIN)).toMatchObject({ logCallPayloads: false, version: 3 });
    expect(await getPersona("p")).toMatchObject({ logCallPayloads: false });

    const { events } = await listAuditEvents({ targetType: "persona", action: "persona.call_logging" });
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ actorEmail: ADMIN.email, targetName: "p", before: { logCallPayloads: true }, after: { logCallPayloads: false } });
    expect(events[1]).toMatchObject({ before: { logCallPayloads: false }, after: { logCallPayloads: true } });
  });

  it("refuses an unknown persona, writing nothing", async () => {
    await createPersona({ slug: "p", name: "P" }, ADMIN);
    await refused(() => setPersonaCallLogging("missing", true, ADMIN), NotFoundError);
  });
});
