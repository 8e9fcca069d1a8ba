/**
 * Protects the playground (issue 9): on a tool's Test tab an operator fills the generated form and
 * dry-runs or fires the tool against the mock upstream (e2e/support/mock-upstream.ts), and reads
 * the outcome — the extracted value, a typed error with its status, a timeout, a halt and its say
 * text, a refused destination. Side effects ask first — before Fire, Run all and a single case's
 * Run alike (issue 26), naming how many calls go where, with focus on Cancel — and a cancelled
 * question sends nothing; Cancel aborts the upstream call; every run, a test case's too, lands in
 * the history (numbered per tool, a case's under its name) and replays into the form; viewers
 * dry-run only (the route refuses a crafted fire); a saved test case passes, fails once the tool
 * is broken (in the UI and in `npm run tools:check`), and is not saved expecting volatile echoed
 * headers; a single case runs alone with its result in its row; a saved case's expectation is
 * edited and the next run checks the new one (an empty name, a taken name and arguments that are
 * not JSON keep the dialog open and change nothing; viewers get no Edit and a crafted edit is
 * refused); and a secret the upstream echoes back never reaches the browser, the curl text or
 * the run records.
 */
import { spawnSync } from "node:child_process";
import type { APIRequestContext, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { expect, test } from "./fixtures/test";
import { SEEDED_SECRETS } from "./fixtures/seeded-secrets";
import { E2E_BASE_URL, E2E_DATABASE_URL, E2E_MOCK_UPSTREAM, E2E_SERVER_ENV, storageStateFor } from "./support/environment";
import { callServerAction, serverActionId } from "./support/server-actions";

interface MockRecord {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string | string[]>;
  readonly body: string;
  readonly aborted: boolean;
}

const RUNS_PATH = "/api/playground/runs";
const CASE_TOOL = "e2e_play_forecast";

/**
 * Saves a new version of `CASE_TOOL` through the data layer, as another editor would: `extract`
 * changed to break its saved case, or back. Returns the definition it replaced.
 */
async function changeCaseToolExtract(path: string) {
  process.env.DATABASE_URL = E2E_DATABASE_URL;
  const [{ getTool }, { saveTool }, { parseToolDefinition }] = await Promise.all([
    import("../lib/catalog/tools"),
    import("../lib/catalog/tool-saves"),
    import("../lib/tools"),
  ]);
  const stored = await getTool(CASE_TOOL);
  if (!stored) throw new Error(`${CASE_TOOL} is missing from the e2e database`);
  const document = { ...stored.definition, response: { extract: "json_path", path } };
  await saveTool({ definition: parseToolDefinition(document), baseVersion: stored.version, actor: { id: null, email: "e2e-playground-spec" } });
}

const EDIT_TOOL = "e2e_play_close_chat";
/** The side-effect tool (a POST to the mock upstream) whose cases must ask before they fire. */
const NOTE_TOOL = "e2e_play_create_note";
const SPEC_ACTOR = { id: null, email: "e2e-playground-spec" };
/** The say text the tool's halt really has, and a typo of it to fix. */
const SAY_TEXT = "TRANSFER_TO_HUMAN";
const closingExpectations = (sayText: string) => [
  { kind: "http_status", equals: 200 },
  { kind: "say_text", equals: sayText },
];

/** The data layer's saved test cases, on the e2e database (as another editor or a check would reach them). */
async function testCaseStore() {
  process.env.DATABASE_URL = E2E_DATABASE_URL;
  return import("../lib/playground/test-case-queries");
}

/** Saves a case of `toolName` (`EDIT_TOOL` unless told) as another editor would have. */
async function seedCase(name: string, expectations: readonly Record<string, unknown>[], toolName = EDIT_TOOL, args: Record<string, string> = {}) {
  const { createTestCase } = await testCaseStore();
  return createTestCase({ toolName, name, arguments: args, context: {}, expectations: [...expectations] as never }, SPEC_ACTOR);
}

async function deleteCases(toolName = EDIT_TOOL) {
  const { deleteTestCase, listTestCases } = await testCaseStore();
  for (const testCase of await listTestCases(toolName)) await deleteTestCase(testCase.id, SPEC_ACTOR);
}

/** Two cases of `NOTE_TOOL`, each posting its own text; the second expects `secondStatus`. */
async function seedNoteCases(secondStatus = 200) {
  await seedCase("first note", [{ kind: "http_status", equals: 200 }], NOTE_TOOL, { text: "first" });
  await seedCase("second note", [{ kind: "http_status", equals: secondStatus }], NOTE_TOOL, { text: "second" });
}

/** What the mock upstream received, as method, path and JSON body. */
async function postsReceived(request: APIRequestContext) {
  return (await mockRequests(request)).map((record) => [record.method, record.path, JSON.parse(record.body)]);
}

/** The run history's entry for a run of test case `name`. */
const caseRunEntry = (page: Page, name: string) =>
  page.getByRole("list", { name: "Run history" }).getByRole("listitem", { name: new RegExp(`^Run \\d+, test case "${name}"$`) });

/** Replaces the whole text of the open dialog's JSON editor labelled `name`. */
async function replaceJson(page: Page, name: string, text: string) {
  await page.getByRole("dialog").getByRole("textbox", { name }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

async function clearMock(request: APIRequestContext) {
  expect((await request.delete(`${E2E_MOCK_UPSTREAM}/__requests`)).status()).toBe(204);
}

async function mockRequests(request: APIRequestContext): Promise<MockRecord[]> {
  return (await (await request.get(`${E2E_MOCK_UPSTREAM}/__requests`)).json()) as MockRecord[];
}

async function openTestTab(page: Page, tool: string) {
  await page.goto(`/tools/${tool}?tab=test`);
  await expect(page.getByRole("tab", { name: "Test" })).toHaveAttribute("aria-selected", "true");
}

const runCard = (page: Page) => page.getByRole("region", { name: "Run", exact: true });

/** Clicks `button` and returns the run the route answered with. */
async function runVia(page: Page, button: string) {
  const answered = page.waitForResponse((response) => response.url().endsWith(RUNS_PATH));
  await page.getByRole("button", { name: button, exact: true }).click();
  const response = await answered;
  return { status: response.status(), text: await response.text() };
}

test.describe("as an editor", () => {
  test.use({ storageState: storageStateFor("editor") });

  test("a nested form fires a GET and shows the value json_path extracted", async ({ page, request }) => {
    await clearMock(request);
    await openTestTab(page, "e2e_play_forecast");
    const city = page.getByRole("textbox", { name: /^city/ });
    await expect(city).toHaveValue("Lisbon");
    await city.fill("Porto");
    await page.getByRole("textbox", { name: /^country/ }).fill("PT");
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByRole("textbox", { name: /^name/ }).fill("Harbour");
    await page.getByRole("spinbutton", { name: /^minutes/ }).fill("15");
    const { status } = await runVia(page, "Fire");
    expect(status).toBe(200);

    await expect(runCard(page).getByText("Success", { exact: true })).toBeVisible();
    await expect(runCard(page).getByText("HTTP 200", { exact: true })).toBeVisible();
    const result = runCard(page).getByRole("region", { name: "Result the model receives" });
    await expect(result).toContainText('\\"city\\":\\"Porto\\"');
    await expect(result).not.toContainText("Harbour");
    const [sent] = await mockRequests(request);
    expect(sent?.path).toBe("/forecast");
    expect(JSON.parse(String(sent?.query.location))).toEqual({ city: "Porto", country: "PT" });
    expect(JSON.parse(String(sent?.query.stops))).toEqual({ name: "Harbour", minutes: 15 });
  });

  test("a tool with an output schema shows a matching result, and a result outside the schema as an execution_error naming where", async ({ page }) => {
    await openTestTab(page, "e2e_play_order_state");
    await runVia(page, "Fire");
    await expect(runCard(page).getByText("Success", { exact: true })).toBeVisible();
    await expect(runCard(page).getByRole("region", { name: "Result the model receives" })).toContainText('"state": "shipped"');
    await page.getByRole("textbox", { name: /^state/ }).fill("lost");
    await runVia(page, "Fire");
    await expect(runCard(page).getByText("execution_error", { exact: true })).toBeVisible();
    await expect(runCard(page)).toContainText("The response does not match the tool's output schema: state must be equal to one of the allowed values");
  });

  test("an upstream 500 is an http_error with its status and what to check", async ({ page }) => {
    await openTestTab(page, "e2e_play_broken");
    await runVia(page, "Fire");
    await expect(runCard(page).getByText("http_error", { exact: true })).toBeVisible();
    await expect(runCard(page).getByText("HTTP 500", { exact: true })).toBeVisible();
    await expect(runCard(page).getByText("What to check")).toBeVisible();
  });

  test("a 1-second timeout against a 3-second upstream is a timeout_error", async ({ page }) => {
    await openTestTab(page, "e2e_play_slow");
    await runVia(page, "Fire");
    await expect(runCard(page).getByText("timeout_error", { exact: true })).toBeVisible();
  });

  test("a side-effect tool asks first, naming method and host; dismissing sends nothing", async ({ page, request }) => {
    await clearMock(request);
    await openTestTab(page, "e2e_play_create_note");
    await page.getByRole("textbox", { name: /^text/ }).fill("hello from the playground");
    await page.getByRole("button", { name: "Fire", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Fire e2e_play_create_note?" });
    await expect(confirm).toContainText("POST to 127.0.0.1:3101");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole("button", { name: "Fire", exact: true })).toBeFocused();
    expect(await mockRequests(request)).toEqual([]);

    await page.getByRole("button", { name: "Fire", exact: true }).click();
    const answered = page.waitForResponse((response) => response.url().endsWith(RUNS_PATH));
    await page.getByRole("alertdialog").getByRole("button", { name: "Fire POST" }).click();
    await answered;
    await expect(runCard(page).getByText("Success", { exact: true })).toBeVisible();
    expect(await postsReceived(request)).toEqual([["POST", "/notes", { text: "hello from the playground" }]]);
  });

  test("a halting answer shows the halt and its say text", async ({ page }) => {
    await openTestTab(page, "e2e_play_close_chat");
    await runVia(page, "Fire");
    await expect(runCard(page).getByText("Halted", { exact: true })).toBeVisible();
    await expect(runCard(page).getByText("The tool halts the agent's turn.")).toBeVisible();
    await expect(runCard(page).getByText("TRANSFER_TO_HUMAN", { exact: true })).toBeVisible();
  });

  test("a destination outside the allowlist is refused before any connection", async ({ page, request }) => {
    await clearMock(request);
    await openTestTab(page, "e2e_play_elsewhere");
    await runVia(page, "Fire");
    await expect(runCard(page).getByText("blocked_destination", { exact: true })).toBeVisible();
    expect(await mockRequests(request)).toEqual([]);
  });

  test("a dry run shows the request and sends nothing", async ({ page, request }) => {
    await clearMock(request);
    await openTestTab(page, "e2e_play_create_note");
    await page.getByRole("textbox", { name: /^text/ }).fill("only a rehearsal");
    await runVia(page, "Dry run");
    await expect(runCard(page).getByText("Dry run", { exact: true })).toBeVisible();
    await expect(runCard(page).getByText(`${E2E_MOCK_UPSTREAM}/notes`)).toBeVisible();
    await expect(runCard(page).getByRole("region", { name: "Request" })).toContainText("only a rehearsal");
    expect(await mockRequests(request)).toEqual([]);
  });

  test("the history lists each run and replay restores its arguments", async ({ page }) => {
    await openTestTab(page, "e2e_play_forecast");
    await page.getByRole("textbox", { name: /^city/ }).fill("Faro");
    const { text } = await runVia(page, "Dry run");
    // Numbered among this tool's runs, whatever other tools' runs came between.
    const runNumber = (JSON.parse(text) as { data: { number: number } }).data.number;
    await page.reload();
    const history = page.getByRole("list", { name: "Run history" });
    const entry = history.getByRole("listitem", { name: `Run ${runNumber}`, exact: true });
    // The newest of the tool's N runs is Run N: the history (50 at most) lists exactly that many.
    await expect(history.getByRole("listitem")).toHaveCount(Math.min(runNumber, 50));
    await expect(entry).toContainText("Dry run");
    await expect(entry).toContainText("editor@e2e.quiver.test");
    await page.getByRole("textbox", { name: /^city/ }).fill("Braga");
    await entry.getByRole("button", { name: `Replay run ${runNumber}` }).click();
    await expect(page.getByRole("textbox", { name: /^city/ })).toHaveValue("Faro");
    await expect(page.getByRole("status").filter({ hasText: `run ${runNumber} are back in the form; nothing was sent` })).toBeAttached();
  });

  test("a secret the upstream echoes back stays masked: page, curl text and run records", async ({ page }) => {
    await openTestTab(page, "e2e_play_echo_secret");
    const { text } = await runVia(page, "Fire");
    await expect(runCard(page).getByText("Success", { exact: true })).toBeVisible();
    const run = (JSON.parse(text) as { data: { id: number; curl: string; responseBody: string } }).data;
    expect(run.responseBody).toContain("x-echo-token");
    expect(run.curl).toContain("X-Echo-Token");
    for (const value of [run.curl, run.responseBody, text]) expect(value).not.toContain(SEEDED_SECRETS.echoToken);
    const database = new Database(E2E_DATABASE_URL.replace(/^file:/, ""), { readonly: true });
    try {
      const rows = database.prepare("SELECT arguments, context, response FROM test_runs WHERE tool_name = ?").all("e2e_play_echo_secret");
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain(SEEDED_SECRETS.echoToken);
    } finally {
      database.close();
    }
  });

  test("a saved case passes, fails with its difference once the tool is broken, and tools:check exits non-zero", async ({ page }) => {
    await openTestTab(page, CASE_TOOL);
    await page.getByRole("textbox", { name: /^city/ }).fill("Coimbra");
    await runVia(page, "Fire");
    await runCard(page).getByRole("button", { name: "Save as test case" }).click();
    const dialog = page.getByRole("dialog", { name: "Save as test case" });
    await expect(dialog.getByRole("checkbox", { name: "HTTP status is 200" })).toBeChecked();
    // The mock echoes the request's headers: the stable ones may be expected, the volatile ones are not offered.
    await expect(dialog.getByRole("checkbox", { name: /^headers\.host equals/ })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: /^headers\.connection/ })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Save test case" }).click();
    await expect(dialog.getByText("Name the test case")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Name" }).fill("coimbra forecast");
    await dialog.getByRole("button", { name: "Save test case" }).click();
    await expect(dialog).toBeHidden();

    const cases = page.getByRole("list", { name: "Test cases" });
    const saved = cases.getByRole("listitem", { name: "coimbra forecast" });
    await expect(saved).toContainText("never run");
    await page.getByRole("button", { name: "Run all" }).click();
    // A GET without side effects runs at once.
    await expect(page.getByRole("status").filter({ hasText: 'Test case "coimbra forecast" passed.' })).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(saved).toContainText("passing");
    await expect(caseRunEntry(page, "coimbra forecast")).toHaveCount(1);

    try {
      await changeCaseToolExtract("query.elsewhere");
      await page.reload();
      await page.getByRole("button", { name: "Run all" }).click();
      await expect(page.getByRole("status").filter({ hasText: 'Test case "coimbra forecast" failed.' })).toBeVisible();
      await expect(saved).toContainText("failing");
      const failure = saved.getByRole("listitem").filter({ hasText: "Outcome is success" });
      await expect(failure).toContainText("fail");
      await expect(failure.getByRole("definition").first()).toHaveText('"success"');
      await expect(failure.getByRole("definition").nth(1)).toHaveText('"error"');

      const check = spawnSync("npm", ["run", "--silent", "tools:check", "--", "--tool", CASE_TOOL], {
        env: { ...process.env, ...E2E_SERVER_ENV },
        encoding: "utf8",
      });
      expect(check.status, check.stderr).toBe(1);
      expect(check.stdout).toContain("coimbra forecast");

      await page.goto(`/tools?q=${CASE_TOOL}`);
      await expect(page.getByRole("row", { name: CASE_TOOL }).getByText("tests fail")).toBeVisible();
    } finally {
      await changeCaseToolExtract("query.location");
    }

    await openTestTab(page, CASE_TOOL);
    await saved.getByRole("button", { name: "Delete test case coimbra forecast" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete test case" }).click();
    await expect(cases).toHaveCount(0);
  });

  test("an edited expectation is what the next run checks; bad input keeps the dialog and changes nothing", async ({ page }) => {
    const seeded = await seedCase("closing chat", closingExpectations(`${SAY_TEXT}N`));
    await seedCase("other case", [{ kind: "halts", equals: true }]);
    try {
      await openTestTab(page, EDIT_TOOL);
      const closing = page.getByRole("list", { name: "Test cases" }).getByRole("listitem", { name: "closing chat" });
      await page.getByRole("button", { name: "Run all" }).click();
      await expect(page.getByRole("status").filter({ hasText: "1 of 2 test cases failed." })).toBeVisible();
      await expect(closing.getByRole("listitem").filter({ hasText: `Say text is "${SAY_TEXT}N"` })).toContainText("fail");

      await closing.getByRole("button", { name: "Edit test case closing chat" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit test case" });
      const name = dialog.getByRole("textbox", { name: "Name" });
      await expect(name).toHaveValue("closing chat");
      await expect(dialog.getByRole("textbox", { name: "Arguments" })).toHaveText("{}");
      await expect(dialog.getByRole("textbox", { name: "Expectations" })).toContainText(`"${SAY_TEXT}N"`);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `data/screenshots/test-case-edit-dialog-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      const save = dialog.getByRole("button", { name: "Save test case" });
      await name.fill("  ");
      await save.click();
      await expect(dialog.getByText("Name the test case")).toBeVisible();
      await expect(name).toHaveAttribute("aria-invalid", "true");

      await name.fill("other case");
      await save.click();
      await expect(dialog.getByText(`Tool ${EDIT_TOOL} already has a test case named "other case"; choose another name.`)).toBeVisible();
      await expect(name).toHaveAttribute("aria-invalid", "true");

      await name.fill("closing chat");
      await replaceJson(page, "Arguments", "{not json");
      await save.click();
      await expect(dialog.getByText(/^Not valid JSON/)).toBeVisible();
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: "data/screenshots/test-case-edit-dialog-refused-1280.png" });
      const { getTestCase } = await testCaseStore();
      expect(await getTestCase(seeded.id)).toMatchObject({ name: "closing chat", arguments: {}, expectations: closingExpectations(`${SAY_TEXT}N`) });

      await replaceJson(page, "Arguments", "{}");
      await replaceJson(page, "Expectations", JSON.stringify(closingExpectations(SAY_TEXT), null, 2));
      await save.click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Saved test case "closing chat".')).toBeVisible();
      await expect(closing).toContainText("never run");
      await expect(page.getByRole("button", { name: "Edit test case closing chat" })).toBeFocused();

      await page.getByRole("button", { name: "Run all" }).click();
      await expect(page.getByRole("status").filter({ hasText: "All 2 test cases passed." })).toBeVisible();
      await expect(closing.getByRole("listitem").filter({ hasText: `Say text is "${SAY_TEXT}"` })).toContainText("pass");
      await page.reload();
      await expect(closing).toContainText("passing");
    } finally {
      await deleteCases();
    }
  });

  test("Run all on a side-effect tool asks first, naming the count, method and host; Cancel sends nothing; confirmed, each case's run is in the history under its name", async ({ page, request }) => {
    await seedNoteCases();
    try {
      await clearMock(request);
      await openTestTab(page, NOTE_TOOL);
      const runAll = page.getByRole("button", { name: "Run all" });
      await runAll.click();
      const confirm = page.getByRole("alertdialog", { name: "Run 2 test cases against the live API?" });
      await expect(confirm).toContainText(`${NOTE_TOOL} has side effects: each of the 2 cases sends POST to 127.0.0.1:3101 for real, one after another.`);
      // Focus starts on Cancel, so Enter keeps things as they are.
      await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(confirm).toBeHidden();
      await expect(runAll).toBeFocused();
      await expect(page.getByRole("list", { name: "Test cases" }).getByRole("listitem", { name: "first note" })).toContainText("never run");
      expect(await mockRequests(request)).toEqual([]);

      await runAll.click();
      await confirm.getByRole("button", { name: "Run 2 test cases" }).click();
      await expect(page.getByRole("status").filter({ hasText: "All 2 test cases passed." })).toBeVisible();
      expect(await postsReceived(request)).toEqual([
        ["POST", "/notes", { text: "first" }],
        ["POST", "/notes", { text: "second" }],
      ]);
      for (const name of ["first note", "second note"]) await expect(caseRunEntry(page, name)).toContainText("editor@e2e.quiver.test");
      // Kept, not only shown: the history read again from the server has them.
      await page.reload();
      for (const name of ["first note", "second note"]) await expect(caseRunEntry(page, name)).toContainText("Success");
    } finally {
      await deleteCases(NOTE_TOOL);
    }
  });

  test("a single case's Run asks first on a side-effect tool, fires only that case and shows its result in its row", async ({ page, request }) => {
    await seedNoteCases(201);
    try {
      await clearMock(request);
      await openTestTab(page, NOTE_TOOL);
      const cases = page.getByRole("list", { name: "Test cases" });
      const second = cases.getByRole("listitem", { name: "second note" });
      // Runs outlive their cases (the Run all journey may have left some): count from here.
      const [secondRuns, firstRuns] = [await caseRunEntry(page, "second note").count(), await caseRunEntry(page, "first note").count()];
      await second.getByRole("button", { name: "Run test case second note" }).click();
      const confirm = page.getByRole("alertdialog", { name: 'Run test case "second note" against the live API?' });
      await expect(confirm).toContainText(`${NOTE_TOOL} has side effects: the case sends POST to 127.0.0.1:3101 for real.`);
      await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
      await confirm.getByRole("button", { name: "Run test case" }).click();

      await expect(page.getByRole("status").filter({ hasText: 'Test case "second note" failed.' })).toBeVisible();
      await expect(second).toContainText("failing");
      await expect(second.getByRole("listitem").filter({ hasText: "HTTP status is 201" })).toContainText("expected HTTP status 201, got 200");
      await expect(cases.getByRole("listitem", { name: "first note" })).toContainText("never run");
      expect(await postsReceived(request)).toEqual([["POST", "/notes", { text: "second" }]]);
      await expect(caseRunEntry(page, "second note")).toHaveCount(secondRuns + 1);
      await expect(caseRunEntry(page, "first note")).toHaveCount(firstRuns);
    } finally {
      await deleteCases(NOTE_TOOL);
    }
  });

  test("the runs route refuses a cross-site fire (another port, a form post) before the role is looked at: nothing is sent", async ({ page, request }) => {
    await clearMock(request);
    await page.goto("/playground");
    const fire = { toolName: "e2e_play_create_note", mode: "fire", arguments: { text: "forged" }, context: {} };
    const attempts: Record<string, string>[] = [
      // A page on another port of the same host: same-site for SameSite=Lax, so the cookie goes along.
      { origin: "http://127.0.0.1:9999", "content-type": "application/json" },
      // A form-style post from this origin (text/plain needs no preflight).
      { origin: E2E_BASE_URL, "content-type": "text/plain" },
      { "content-type": "application/json" },
    ];
    for (const headers of attempts) {
      const forged = await page.request.post(RUNS_PATH, { headers, data: JSON.stringify(fire) });
      expect(forged.status()).toBe(403);
      expect(await forged.json()).toMatchObject({ ok: false, message: expect.stringMatching(/come from a Quiver page|as JSON/) });
    }
    expect(await mockRequests(request)).toEqual([]);
  });

  test("Cancel aborts the upstream call", async ({ page, request }) => {
    await clearMock(request);
    await openTestTab(page, "e2e_play_wait");
    await page.getByRole("button", { name: "Fire", exact: true }).click();
    const cancel = page.getByRole("button", { name: "Cancel" });
    await expect(cancel).toBeVisible();
    await expect.poll(async () => (await mockRequests(request)).length).toBe(1);
    await cancel.click();
    await expect(page.getByRole("status").filter({ hasText: "Cancelled" })).toBeAttached();
    await expect.poll(async () => (await mockRequests(request))[0]?.aborted).toBe(true);
    await expect(page.getByRole("button", { name: "Fire", exact: true })).toBeVisible();
  });
});

test.describe("as a viewer", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("dry-runs but has no Fire, and the route refuses a crafted fire", async ({ page, request }) => {
    await clearMock(request);
    await openTestTab(page, "e2e_play_create_note");
    await expect(page.getByRole("button", { name: "Fire", exact: true })).toHaveCount(0);
    await page.getByRole("textbox", { name: /^text/ }).fill("viewer rehearsal");
    const { status } = await runVia(page, "Dry run");
    expect(status).toBe(200);
    await expect(runCard(page).getByText("Dry run", { exact: true })).toBeVisible();

    // Crafted on Quiver's own origin (a foreign one is refused before the role is looked at: below).
    const crafted = await page.request.post(RUNS_PATH, {
      headers: { origin: E2E_BASE_URL },
      data: { toolName: "e2e_play_create_note", mode: "fire", arguments: { text: "sneaky" }, context: {} },
    });
    expect(crafted.status()).toBe(403);
    expect(await crafted.json()).toMatchObject({ ok: false, message: "Firing a tool needs the editor role; you are signed in as viewer." });
    expect(await mockRequests(request)).toEqual([]);
  });

  test("sees saved test cases without Edit, and a crafted edit is refused", async ({ page }) => {
    const seeded = await seedCase("viewer sees this", closingExpectations(SAY_TEXT));
    try {
      await openTestTab(page, EDIT_TOOL);
      const saved = page.getByRole("list", { name: "Test cases" }).getByRole("listitem", { name: "viewer sees this" });
      await expect(saved).toContainText("never run");
      await expect(page.getByRole("button", { name: /^Edit test case/ })).toHaveCount(0);

      const action = serverActionId("lib/playground/actions.ts", "updateTestCaseAction");
      const crafted = await callServerAction(page.request, `/tools/${EDIT_TOOL}`, action, [
        EDIT_TOOL,
        { id: seeded.id, basedOn: seeded.updatedAt.toISOString(), name: "renamed by a viewer", arguments: {}, context: {}, expectations: closingExpectations("x") },
      ]);
      const body = await crafted.text();
      expect(body).toContain("This needs the editor role; you are signed in as viewer.");
      expect(body).toContain('"code":"forbidden"');
      const { getTestCase } = await testCaseStore();
      expect(await getTestCase(seeded.id)).toEqual(seeded);
    } finally {
      await deleteCases();
    }
  });
});
