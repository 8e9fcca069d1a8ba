/**
 * The catalog stamp's save time (what the change-event lag is measured from), on both databases:
 * the latest update of a tool or persona, whichever way the database answers a time; null for an
 * empty catalog; unmoved by a deletion.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { createPersona } from "../personas/server/personas";
import { catalogStampSavedAt, readCatalogStamp } from "./catalog-stamp";

const targets = await databaseTargets();

describe.each(targets)("the catalog stamp's save time on $name", (target) => {
  const db = useTestDatabase(target);

  it("is the latest save of a tool or persona, and stays put when one is deleted", async () => {
    expect(catalogStampSavedAt(await readCatalogStamp(db()))).toBeNull();
    await createPersona({ slug: "support", name: "Support" }, SYSTEM_ACTOR);
    await createPersona({ slug: "sales", name: "Sales" }, SYSTEM_ACTOR);
    const latest = await db().persona.findUniqueOrThrow({ where: { slug: "sales" }, select: { updatedAt: true } });
    const stamp = await readCatalogStamp(db());
    expect(catalogStampSavedAt(stamp)?.getTime()).toBe(latest.updatedAt.getTime());

    await db().persona.delete({ where: { slug: "support" } });
    const afterDeletion = await readCatalogStamp(db());
    expect(afterDeletion).not.toBe(stamp);
    expect(catalogStampSavedAt(afterDeletion)?.getTime()).toBe(latest.updatedAt.getTime());
  });
});
