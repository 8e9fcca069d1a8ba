/**
 * Protects the audit trail as an operator reads it: the actor and target filters match any part
 * of the text ignoring case, the action menu narrows to one action, a long result is paged
 * (numbered pages in the URL), each entry is one line — what, to what, who, when — that opens from
 * the keyboard to its before/after, sign-ins read as such, and nothing matching shows the empty
 * state until "Clear filters". Its own entries are seeded under a run-unique actor, so the spec
 * needs nothing else from the shared database and leaves nothing another spec counts.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures/test";
import { E2E_DATABASE_URL, E2E_OPERATORS, storageStateFor } from "./support/environment";

test.use({ storageState: storageStateFor("viewer") });

const RUN = randomBytes(4).toString("hex");
/** Mixed case on purpose: the filter typed below is in another case. */
const ACTOR = `Pager.Probe-${RUN}@E2E.quiver.test`;
const SEEDED = 60;
const targetOf = (index: number) => `e2e_audit_${RUN}_${String(index).padStart(2, "0")}`;

/** SEEDED tool updates by ACTOR, oldest (index 0) first, each changing the description. */
test.beforeAll(async () => {
  process.env.DATABASE_URL = E2E_DATABASE_URL;
  const [{ recordAudit }, { inTransaction }] = await Promise.all([import("../lib/audit/audit-log"), import("../lib/db/transactions")]);
  await inTransaction(async (tx) => {
    for (let index = 0; index < SEEDED; index += 1) {
      await recordAudit(tx, {
        actor: { id: null, email: ACTOR },
        action: "tool.update",
        targetType: "tool",
        targetId: targetOf(index),
        targetName: targetOf(index),
        before: { description: `old description ${index}`, timeout: 10 },
        after: { description: `new description ${index}`, timeout: 10 },
      });
    }
  });
});

test("filters by part of an e-mail, pages through, and opens an entry from the keyboard", async ({ page }) => {
  await page.goto("/audit");
  const events = page.getByRole("list", { name: "Audit events" }).getByRole("listitem");
  const pages = page.getByRole("navigation", { name: "Pages of entries" });

  await page.getByRole("searchbox", { name: "Actor e-mail" }).fill(`pager.PROBE-${RUN}`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`actor=pager.PROBE-${RUN}`));
  await expect(page.getByRole("status").filter({ hasText: "entries match" })).toHaveText(`${SEEDED} entries match these filters.`);
  await expect(events).toHaveCount(50);
  await expect(pages).toContainText(`Viewing 1–50 of ${SEEDED} entries`);
  const newest = events.first();
  await expect(newest).toContainText("Tool changed");
  await expect(newest).toContainText(targetOf(SEEDED - 1));
  await expect(newest).toContainText(ACTOR);

  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(events).toHaveCount(SEEDED - 50);
  await expect(pages).toContainText(`Viewing 51–${SEEDED} of ${SEEDED} entries`);
  await expect(events.last()).toContainText(targetOf(0));

  const oldest = events.last();
  const disclosure = oldest.getByRole("group");
  await expect(disclosure).not.toHaveAttribute("open");
  await oldest.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(disclosure).toHaveAttribute("open");
  const changed = oldest.getByRole("row", { name: /^description / });
  await expect(changed.getByRole("cell")).toHaveText(['"old description 0"', '"new description 0"']);
  await expect(oldest.getByRole("row", { name: /^timeout / })).toHaveCount(0);
  await page.keyboard.press("Space");
  await expect(disclosure).not.toHaveAttribute("open");

  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(events).toHaveCount(50);

  await page.getByRole("searchbox", { name: "Target name" }).fill(`${RUN.toUpperCase()}_0`);
  await page.keyboard.press("Enter");
  await expect(page).not.toHaveURL(/page=/);
  await expect(events).toHaveCount(10);
});

test("narrows by action and reads sign-ins and other changes", async ({ page }) => {
  await page.goto("/audit");
  const events = page.getByRole("list", { name: "Audit events" }).getByRole("listitem");

  await page.getByRole("button", { name: "Action", exact: true }).click();
  await page.getByRole("menuitem", { name: "Signed in", exact: true }).click();
  await expect(page).toHaveURL(/action=auth.sign_in/);
  await page.getByRole("searchbox", { name: "Actor e-mail" }).fill(E2E_OPERATORS.viewer.email.split("@")[0]!.toUpperCase());
  await page.keyboard.press("Enter");
  const signIn = events.first();
  await expect(signIn).toContainText("Signed in");
  await expect(signIn).toContainText(E2E_OPERATORS.viewer.email);
  await signIn.locator("summary").click();
  await expect(signIn.getByRole("table", { name: "Recorded values" }).getByRole("row", { name: /^address / })).toBeVisible();
  for (const text of await events.allTextContents()) expect(text).toContain("auth.sign_in");

  await page.goto("/audit?action=persona.create");
  await page.getByRole("searchbox", { name: "Target name" }).fill("TIER1");
  await page.getByRole("searchbox", { name: "Actor e-mail" }).fill("sys");
  await page.keyboard.press("Enter");
  await expect(events).toHaveCount(1);
  const creation = events.first();
  await expect(creation).toContainText("Persona created");
  await expect(creation).toContainText("support-tier1");
  await creation.locator("summary").click();
  await expect(creation.getByRole("row", { name: /^parent / })).toContainText('"support-base"');

  await page.getByRole("searchbox", { name: "Actor e-mail" }).fill("nobody@e2e.quiver.test");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "No change matches these filters" })).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(events).toHaveCount(50);
});
