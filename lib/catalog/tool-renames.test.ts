/**
 * Renaming a tool (issue 8) on both databases: the tool keeps its row, id, history and secrets;
 * a name taken by another tool or a built-in is refused without a change; personas naming the
 * tool follow it when asked, in the same transaction, each change audited.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { NotFoundError, ValidationError } from "../errors";
import { decryptSecret } from "../secrets/encryption";
import { listAuditEvents } from "../audit/audit-log";
import { createPersona, getPersona, listPersonasReferencingTool } from "../personas/server/personas";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator, newSecretValues, plainTool, referenceTool, testKeyring } from "../db/test-support/fixtures";
import { refusalChecker } from "../db/test-support/raw-rows";
import { listToolRevisions } from "./tool-revisions";
import { restoreToolRevision, saveTool } from "./tool-saves";
import { getToolSecretsForExecution } from "./tool-secrets";
import { getTool } from "./tools";

const targets = await databaseTargets();
const keyring = testKeyring();
const TOKEN = "Bearer sk-live-rename-0123456789";

describe.each(targets)("tool renames on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);

  /** lookup_order at version 2, with a secret. */
  async function storeLookupOrder() {
    const created = await saveTool({
      definition: referenceTool(), secrets: newSecretValues(keyring, { Authorization: TOKEN }), baseVersion: null, actor: SYSTEM_ACTOR,
    });
    await saveTool({ definition: referenceTool({ timeout: 20 }), baseVersion: 1, actor: SYSTEM_ACTOR });
    return created.id;
  }

  function rename(to: string, options: { renamePersonaReferences?: boolean; actor?: typeof SYSTEM_ACTOR } = {}) {
    return saveTool({
      definition: referenceTool({ name: to, timeout: 20 }),
      currentName: "lookup_order",
      baseVersion: 2,
      actor: options.actor ?? SYSTEM_ACTOR,
      renamePersonaReferences: options.renamePersonaReferences,
    });
  }

  it("keeps the tool's id, its whole history and its secrets, and audits before and after names", async () => {
    const ana = await insertOperator(db(), "ana@example.com");
    const id = await storeLookupOrder();
    const saved = await rename("find_order", { actor: ana });
    expect(saved).toMatchObject({ id, name: "find_order", version: 3, previousName: "lookup_order", unchanged: false, renamedInPersonas: [] });

    expect(await getTool("lookup_order")).toBeNull();
    expect(await getTool("find_order")).toMatchObject({ id, version: 3 });
    expect((await listToolRevisions("find_order")).map((revision) => revision.version)).toEqual([3, 2, 1]);
    const [secret] = await getToolSecretsForExecution("find_order");
    expect(decryptSecret(secret!, keyring, secret!.associatedData)).toBe(TOKEN);

    const [event] = (await listAuditEvents({ action: "tool.rename" })).events;
    expect(event).toMatchObject({
      targetId: id, targetName: "find_order", actorEmail: "ana@example.com",
      before: { definition: { name: "lookup_order" } }, after: { definition: { name: "find_order" }, changedSecrets: [] },
    });
    expect(JSON.stringify(event)).not.toContain(TOKEN);
  });

  it("a restore keeps the current name", async () => {
    await storeLookupOrder();
    await rename("find_order");
    const restored = await restoreToolRevision("find_order", 1, 3, SYSTEM_ACTOR);
    expect(restored).toMatchObject({ name: "find_order", version: 4, previousName: null });
    expect((await getTool("find_order"))!.definition).toMatchObject({ name: "find_order", timeout: 10 });
  });

  it.each([
    ["another tool", "get_weather", "another tool is already named get_weather; choose another name"],
    ["a built-in", "current_time", "current_time is the name of a built-in code tool; choose another name"],
  ])("refuses a name taken by %s on `name`, changing nothing", async (_case, name, message) => {
    await storeLookupOrder();
    await saveTool({ definition: plainTool(), baseVersion: null, actor: SYSTEM_ACTOR });
    await createPersona({ slug: "support", name: "Support", grant: ["lookup_order"] }, SYSTEM_ACTOR);
    const error = await refused(() => rename(name, { renamePersonaReferences: true }), ValidationError);
    expect((error as ValidationError).issues).toEqual([{ path: "name", message }]);
  });

  it("refuses to rename a tool that does not exist", async () => {
    await refused(() => rename("find_order"), NotFoundError);
  });

  describe("persona references", () => {
    async function storePersonas() {
      await createPersona({ slug: "granted", name: "Granted", grant: ["get_weather", "lookup_order"] }, SYSTEM_ACTOR);
      await createPersona({ slug: "disabled", name: "Disabled", grant: null, disabledTools: ["lookup_order"] }, SYSTEM_ACTOR);
      await createPersona({ slug: "both", name: "Both", grant: ["lookup_order"], disabledTools: ["lookup_order"] }, SYSTEM_ACTOR);
      await createPersona({ slug: "everything", name: "Everything", grant: "all" }, SYSTEM_ACTOR);
      await createPersona({ slug: "inheriting", name: "Inheriting", parentSlug: "granted" }, SYSTEM_ACTOR);
    }

    it("lists the personas whose own grant or disabled list names the tool", async () => {
      await storePersonas();
      expect(await listPersonasReferencingTool("lookup_order")).toEqual([
        { slug: "both", name: "Both", inGrant: true, inDisabled: true },
        { slug: "disabled", name: "Disabled", inGrant: false, inDisabled: true },
        { slug: "granted", name: "Granted", inGrant: true, inDisabled: false },
      ]);
      expect(await listPersonasReferencingTool("nothing_here")).toEqual([]);
    });

    it("follow the rename when asked, in grant and disabled list, each persona audited", async () => {
      await storeLookupOrder();
      await storePersonas();
      const saved = await rename("find_order", { renamePersonaReferences: true });
      expect(saved.renamedInPersonas).toEqual(["both", "disabled", "granted"]);
      expect(await getPersona("granted")).toMatchObject({ grant: ["get_weather", "find_order"], disabledTools: [], version: 2 });
      expect(await getPersona("disabled")).toMatchObject({ grant: null, disabledTools: ["find_order"], version: 2 });
      expect(await getPersona("both")).toMatchObject({ grant: ["find_order"], disabledTools: ["find_order"] });
      expect(await getPersona("everything")).toMatchObject({ grant: "all", version: 1 });
      expect(await getPersona("inheriting")).toMatchObject({ grant: null, version: 1 });
      expect(await listPersonasReferencingTool("lookup_order")).toEqual([]);

      const events = (await listAuditEvents({ targetType: "persona" })).events.filter((event) => event.before !== null);
      expect(events.map((event) => [event.targetName, event.action])).toEqual([
        ["granted", "persona.grant"],
        ["disabled", "persona.toggle_tool"],
        ["both", "persona.grant"],
      ]);
      expect(events[1]).toMatchObject({ before: { disabledTools: ["lookup_order"] }, after: { disabledTools: ["find_order"] } });
    });

    it("stay as they are unless asked (the names go stale)", async () => {
      await storeLookupOrder();
      await storePersonas();
      expect((await rename("find_order")).renamedInPersonas).toEqual([]);
      expect(await getPersona("granted")).toMatchObject({ grant: ["get_weather", "lookup_order"], version: 1 });
    });

    it("roll back with the rename when anything in it fails", async () => {
      await storeLookupOrder();
      await storePersonas();
      const ghost = { id: "00000000-0000-0000-0000-000000000000", email: "ghost@example.com" };
      await refused(() => rename("find_order", { renamePersonaReferences: true, actor: ghost }), Error);
    });
  });
});
