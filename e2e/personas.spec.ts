/**
 * Protects personas administered end to end (issues 11 and 26): an admin builds a parent with a
 * chosen grant and a child that inherits it; a new root persona starts with "No tools" chosen and
 * grants nothing (issue 26: it used to inherit every tool); "what the agent sees" says per tool
 * which variant each provider gets and why (issue 28: OpenAI strict); an editor switches a tool off on the
 * child by keyboard (focus stays on the switch) and the child's "what the agent sees" loses it while
 * the parent's keeps it; a switch is announced with "Undo", which switches it back; the editor has
 * no grant control and a crafted grant call is refused; a cycle is refused next to the parent
 * field; an admin switches keeping call payloads on and off (editors have no switch, and a crafted
 * call is refused); deleting a tool leaves its name in the grant, which the persona page removes;
 * deleting the parent moves its child to the root, keeping the grant it inherited (not every tool).
 * The spec deletes what it created.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { expectAccessible } from "./support/accessibility";
import { E2E_DATABASE_URL, E2E_OPERATORS, storageStateFor } from "./support/environment";
import { openGuardedPage } from "./support/guarded-page";
import { callServerAction, serverActionId } from "./support/server-actions";

const BASE = { name: "E2E family base", slug: "e2e-family-base" };
const CHILD = { name: "E2E family child", slug: "e2e-family-child" };
const ROOT = { name: "E2E fresh root", slug: "e2e-fresh-root" };
const KEEP = "e2e_persona_keep";
const DOOMED = "e2e_persona_doomed";

async function createPersonaThroughDialog(page: Page, input: { name: string; parent?: string; tools?: readonly string[] }) {
  await page.goto("/personas");
  await page.getByRole("button", { name: "New persona" }).click();
  const dialog = page.getByRole("dialog", { name: "New persona" });
  await dialog.getByLabel("Name").fill(input.name);
  if (input.parent) await dialog.getByLabel("Parent", { exact: true }).selectOption({ value: input.parent });
  if (input.tools) {
    await dialog.getByRole("radio", { name: "Chosen tools" }).click();
    await dialog.getByRole("combobox", { name: "Granted tools" }).click();
    for (const tool of input.tools) {
      await page.getByPlaceholder("Search tools…").fill(tool);
      await page.getByRole("option", { name: tool }).click();
    }
    await page.keyboard.press("Escape");
  }
  await dialog.getByRole("button", { name: "Create persona" }).click();
}

/** The persona as stored, read through lib/ as the app reads it. */
async function storedPersona(slug: string) {
  process.env.DATABASE_URL = E2E_DATABASE_URL;
  const { getPersona } = await import("../lib/personas/server/personas");
  return getPersona(slug);
}

async function agentSees(page: Page, slug: string): Promise<string> {
  await page.goto(`/personas/${slug}?tab=agent`);
  const code = page.getByLabel(`OpenAI tools of ${slug}`, { exact: true });
  await expect(code).toBeVisible();
  return (await code.textContent()) ?? "";
}

test.describe.configure({ mode: "serial" });

test("an admin builds a parent with a chosen grant and a child that inherits it", async ({ browser, leakGuard }) => {
  const { page, close } = await openGuardedPage(browser, leakGuard, storageStateFor("admin"));
  await createPersonaThroughDialog(page, { name: BASE.name, tools: [KEEP, DOOMED] });
  await expect(page).toHaveURL(`/personas/${BASE.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: BASE.name })).toBeVisible();
  await expect(page.getByText("grant: 2 tools").first()).toBeVisible();

  await createPersonaThroughDialog(page, { name: CHILD.name, parent: BASE.slug });
  await expect(page).toHaveURL(`/personas/${CHILD.slug}`);
  await expect(page.getByRole("row", { name: KEEP })).toContainText(`available (granted by ${BASE.slug})`);
  await expect(page.getByRole("row", { name: "triage_request" })).toContainText(`outside the grant inherited from ${BASE.slug}`);

  await page.goto("/personas");
  await expect(page.getByRole("row", { name: CHILD.name })).toContainText(BASE.slug);
  await close();
});

for (const width of [1280, 390]) {
  test(`at ${width} px what the agent sees says per tool which variant each provider gets, and why`, async ({ browser, leakGuard }) => {
    const { page, close } = await openGuardedPage(browser, leakGuard, storageStateFor("admin"));
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/personas/${BASE.slug}?tab=agent`);
    const openai = page.getByRole("region", { name: "OpenAI variants" });
    await expect(openai.getByRole("heading", { name: /^Variants · 2 accepted as strict$/ })).toBeVisible();
    await expect(openai.getByRole("listitem").filter({ hasText: KEEP })).toHaveText(`${KEEP}accepted as strictSent with strict: true.`);
    expect(await agentSees(page, BASE.slug)).toContain('"strict": true');
    await page.getByRole("tab", { name: "Anthropic" }).click();
    await expect(page.getByRole("region", { name: "Anthropic variants" }).getByRole("listitem").filter({ hasText: KEEP })).toContainText("Sent as written; strict tool use is available on request (?strict=true).");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByRole("tab", { name: "OpenAI" }).click();
    await openai.scrollIntoViewIfNeeded();
    await openai.screenshot({ path: `data/screenshots/agent-view-variants-${width}.png` });
    await close();
  });
}

test("a new root persona starts with No tools chosen, and grants nothing once created", async ({ browser, leakGuard }) => {
  const { page, close } = await openGuardedPage(browser, leakGuard, storageStateFor("admin"));
  await page.goto("/personas");
  await page.getByRole("button", { name: "New persona" }).click();
  const dialog = page.getByRole("dialog", { name: "New persona" });
  await dialog.getByLabel("Name").fill(ROOT.name);
  const noTools = dialog.getByRole("radio", { name: "No tools — grant them after creating" });
  await expect(noTools).toBeChecked();
  await expect(dialog.getByRole("radio", { name: /^Inherit/ })).toHaveCount(0);
  await expect(dialog.getByRole("radio", { name: "Every tool" })).not.toBeChecked();
  await expect(dialog.getByText(/^All \d+ tools in the catalog \(\d+ with side effects\), and tools added later\.$/)).toBeVisible();

  // A child defaults to its parent's grant; back at the root, the default is no tools again.
  const parent = dialog.getByLabel("Parent", { exact: true });
  await parent.selectOption({ value: BASE.slug });
  await expect(dialog.getByRole("radio", { name: `Inherit from ${BASE.slug}` })).toBeChecked();
  await parent.selectOption({ value: "" });
  await expect(noTools).toBeChecked();

  await dialog.getByRole("button", { name: "Create persona" }).click();
  await expect(page).toHaveURL(`/personas/${ROOT.slug}`);
  await expect(page.getByText("grant: no tools").first()).toBeVisible();
  await expect(page.getByText(/^0 of \d+ tools$/)).toBeVisible();
  await expect(page.getByRole("row", { name: KEEP })).toContainText("outside this persona's grant");
  await expect(page.getByRole("table", { name: `Tools of ${ROOT.name}` }).getByRole("switch")).toHaveCount(0);
  await page.goto(`/personas/${ROOT.slug}?tab=agent`);
  await expect(page.getByText("This persona has no tools: an agent using it receives an empty list.").first()).toBeVisible();
  await page.goto(`/personas/${ROOT.slug}?tab=grant`);
  await expect(page.getByRole("radio", { name: "No tools" })).toBeChecked();

  expect(await storedPersona(ROOT.slug)).toMatchObject({ parentSlug: null, grant: [] });
  const { SYSTEM_ACTOR } = await import("../lib/audit/events");
  const { deletePersona } = await import("../lib/personas/server/persona-maintenance");
  await deletePersona(ROOT.slug, SYSTEM_ACTOR);
  await close();
});

test.describe("as an editor", () => {
  test.use({ storageState: storageStateFor("editor") });

  test("switches a tool off on the child by keyboard; only the child's agent view loses it", async ({ page }) => {
    await page.goto(`/personas/${CHILD.slug}`);
    const toggle = page.getByRole("switch", { name: `${KEEP} for ${CHILD.slug}` });
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(toggle).not.toHaveAttribute("aria-busy");
    await expect(toggle).toBeFocused();
    await expect(page.getByRole("row", { name: KEEP })).toContainText(`Switched off by ${E2E_OPERATORS.editor.email}`);

    expect(await agentSees(page, CHILD.slug)).not.toContain(KEEP);
    expect(await agentSees(page, BASE.slug)).toContain(KEEP);

    // The parent's switches are the parent's: off on the base, the child's list does not change.
    await page.goto(`/personas/${BASE.slug}`);
    await page.getByRole("switch", { name: `${DOOMED} for ${BASE.slug}` }).click();
    await expect(page.getByRole("switch", { name: `${DOOMED} for ${BASE.slug}` })).toHaveAttribute("aria-checked", "false");
    await page.goto(`/personas/${CHILD.slug}`);
    await expect(page.getByRole("complementary", { name: "How inheritance works" })).toContainText(DOOMED);
    await expect(page.getByRole("switch", { name: `${DOOMED} for ${CHILD.slug}` })).toHaveAttribute("aria-checked", "true");
    await page.goto(`/personas/${BASE.slug}`);
    await page.getByRole("switch", { name: `${DOOMED} for ${BASE.slug}` }).click();
    await expect(page.getByRole("switch", { name: `${DOOMED} for ${BASE.slug}` })).toHaveAttribute("aria-checked", "true");
  });

  test("switching a tool off offers Undo in the toast, and Undo switches it back on", async ({ page }) => {
    await page.goto(`/personas/${BASE.slug}`);
    const toggle = page.getByRole("switch", { name: `${KEEP} for ${BASE.slug}` });
    const notifications = page.getByRole("region", { name: /^Notifications/ });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.click();
    await expect(notifications.getByText(`'${KEEP}' switched off for ${BASE.name}.`)).toBeVisible();
    await expect(notifications).toHaveAttribute("aria-live", "polite");
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    expect((await storedPersona(BASE.slug))?.disabledTools).toContain(KEEP);

    await notifications.getByRole("button", { name: "Undo" }).click();
    await expect(notifications.getByText(`Undone: '${KEEP}' switched on for ${BASE.name}.`)).toBeVisible();
    await expect(notifications.getByRole("button", { name: "Undo" })).toHaveCount(0);
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(toggle).not.toHaveAttribute("aria-busy");
    await page.reload();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("row", { name: KEEP })).toContainText("available (granted by this persona)");
    expect((await storedPersona(BASE.slug))?.disabledTools).not.toContain(KEEP);
  });

  test("cannot widen the grant: no control, and a crafted call is refused", async ({ page }) => {
    await page.goto(`/personas/${CHILD.slug}?tab=grant`);
    await expect(page.getByText("Only an admin can change a grant.")).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save grant" })).toHaveCount(0);
    await expect(page.getByRole("tab", { name: "Settings" })).toHaveCount(0);

    const action = serverActionId("lib/personas/server/actions.ts", "setPersonaGrantAction");
    const response = await callServerAction(page.request, `/personas/${CHILD.slug}`, action, [CHILD.slug, "all"]);
    const body = await response.text();
    expect(body).toContain("This needs the admin role; you are signed in as editor.");
    expect(body).toContain('"code":"forbidden"');
    await page.reload();
    await expect(page.getByText(`inherits the grant of ${BASE.slug}`).first()).toBeVisible();
  });
});

test("re-parenting into a cycle is refused next to the parent field", async ({ browser, leakGuard }) => {
  const { page, close } = await openGuardedPage(browser, leakGuard, storageStateFor("admin"));
  await page.goto(`/personas/${BASE.slug}?tab=settings`);
  await page.getByLabel("Parent", { exact: true }).selectOption({ value: CHILD.slug });
  await page.getByRole("button", { name: "Move" }).click();
  await expect(page.getByText(`that would make "${BASE.slug}" its own ancestor (${BASE.slug} → ${CHILD.slug} → ${BASE.slug})`)).toBeVisible();
  await expect(page.getByLabel("Parent", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await page.reload();
  await expect(page.getByText("none (root)")).toBeVisible();
  await close();
});

test("an admin keeps call payloads in the log and stops again; an editor has no switch and a crafted call is refused", async ({ browser, leakGuard }) => {
  const { page, close } = await openGuardedPage(browser, leakGuard, storageStateFor("admin"));
  await page.goto(`/personas/${BASE.slug}?tab=settings`);
  const keep = page.getByRole("switch", { name: "Keep arguments and results in the call log" });
  await expect(keep).toHaveAttribute("aria-checked", "false");
  await expect(keep).toHaveAccessibleDescription(/secrets redacted, cut at 4 KiB, and kept for \d+ days/);
  await keep.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText(`${BASE.name}: arguments and results are now kept in the call log.`)).toBeVisible();
  await expect(keep).not.toHaveAttribute("aria-busy");
  await expect(keep).toBeFocused();
  await page.reload();
  await expect(keep).toHaveAttribute("aria-checked", "true");

  const editor = await openGuardedPage(browser, leakGuard, storageStateFor("editor"));
  await editor.page.goto(`/personas/${BASE.slug}?tab=settings`);
  await expect(editor.page.getByRole("tab", { name: "Settings" })).toHaveCount(0);
  await expect(editor.page.getByRole("switch", { name: "Keep arguments and results in the call log" })).toHaveCount(0);
  const action = serverActionId("lib/personas/server/actions.ts", "setPersonaCallLoggingAction");
  const body = await (await callServerAction(editor.page.request, `/personas/${BASE.slug}`, action, [BASE.slug, false])).text();
  expect(body).toContain("This needs the admin role; you are signed in as editor.");
  await editor.close();

  await page.reload();
  await expect(keep).toHaveAttribute("aria-checked", "true");
  await keep.click();
  await expect(page.getByText(`${BASE.name}: arguments and results are no longer kept in the call log.`)).toBeVisible();
  await page.reload();
  await expect(keep).toHaveAttribute("aria-checked", "false");
  await close();
});

test("deleting a tool leaves its name in the grant, which the persona page reports and removes", async ({ browser, leakGuard }) => {
  const { page, close } = await openGuardedPage(browser, leakGuard, storageStateFor("admin"));
  await page.goto(`/tools/${DOOMED}`);
  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete ${DOOMED}?` });
  await confirm.getByRole("textbox").fill(DOOMED);
  await confirm.getByRole("button", { name: "Delete tool" }).click();
  await expect(page).toHaveURL("/tools");

  await page.goto(`/personas/${BASE.slug}`);
  const persona = page.getByRole("region", { name: BASE.name });
  await expect(persona).toContainText(`Names that match no tool (deleted or renamed): ${DOOMED}.`);
  await persona.getByRole("button", { name: "Remove names of deleted tools" }).click();
  await expect(persona.getByRole("status").filter({ hasText: "Removed" })).toHaveText(`Removed ${DOOMED}.`);
  await page.reload();
  await expect(persona).not.toContainText("Names that match no tool");
  await close();
});

test("deleting the parent says its child moves to the root, then leaves no orphan", async ({ browser, leakGuard }) => {
  const { page, close } = await openGuardedPage(browser, leakGuard, storageStateFor("admin"));
  await page.goto(`/personas/${BASE.slug}?tab=settings`);
  await page.getByRole("button", { name: "Delete persona" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${BASE.name}?` });
  await expect(dialog).toContainText(`Its child (${CHILD.slug}) becomes a root persona`);
  await expect(dialog).toContainText(`${CHILD.slug} keeps the grant inherited from it as its own, so no agent gains a tool.`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `persona delete dialog at ${width} px`);
    await dialog.screenshot({ path: `data/screenshots/persona-delete-dialog-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole("button", { name: "Move children and delete" }).click();
  await expect(page).toHaveURL("/personas");
  await expect(page.getByRole("row", { name: BASE.name })).toHaveCount(0);
  await expect(page.getByRole("row", { name: CHILD.name })).toContainText("root");

  // A root that inherited would have every tool: the child kept its family's grant instead.
  await page.goto(`/personas/${CHILD.slug}`);
  await expect(page.getByRole("row", { name: "get_current_temperature" })).toContainText("outside this persona's grant");
  // Still in its own grant (an editor switched it off earlier in this spec).
  await expect(page.getByRole("row", { name: KEEP })).not.toContainText("outside");

  await page.goto(`/personas/${CHILD.slug}?tab=settings`);
  await page.getByRole("button", { name: "Delete persona" }).click();
  await page.getByRole("dialog", { name: `Delete ${CHILD.name}?` }).getByRole("button", { name: "Delete persona" }).click();
  await expect(page).toHaveURL("/personas");
  await expect(page.getByRole("row", { name: CHILD.name })).toHaveCount(0);
  await close();
});
