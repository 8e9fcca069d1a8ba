/**
 * The Test panel's own rules, without a server: viewers have no Fire, a side-effect tool asks
 * first — before Fire, Run all and a single case's Run alike — and a dismissal sends nothing,
 * arguments the schema refuses are never sent, Cancel aborts the request in flight, and case runs
 * show in their row and join the run history under the case's name.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlaygroundRunView, PlaygroundToolView, TestCaseRunResult, TestCaseView } from "@/lib/playground/playground-types";
import { TestPanel } from "./test-panel";

const TOOL: PlaygroundToolView = {
  name: "create_note",
  origin: "data",
  version: 3,
  description: "Creates a note.",
  parameters: { type: "object", properties: { text: { type: "string", default: "hi" } }, required: ["text"] },
  sideEffect: true,
  method: "POST",
  host: "api.example.com",
};

const DRY_RUN: PlaygroundRunView = {
  id: 70,
  number: 7,
  testCase: null,
  toolName: "create_note",
  toolOrigin: "data",
  toolVersion: 3,
  mode: "dry_run",
  actorEmail: "vera@example.com",
  createdAt: "2026-12-01T03:00:00.000Z",
  arguments: { text: "hi" },
  context: {},
  outcome: { kind: "dry_run" },
  durationMs: null,
  status: null,
  request: { method: "POST", url: "https://api.example.com/notes", headers: { Authorization: "Bearer ••••" }, body: '{"text":"hi"}' },
  responseHeaders: null,
  responseBody: null,
  responseBodyTruncated: false,
  result: null,
  curl: "curl -X POST https://api.example.com/notes",
  warnings: [],
  suggestedExpectations: [],
};

const noCaseActions = { runAll: vi.fn(), runOne: vi.fn(), update: vi.fn(), remove: vi.fn() };

function renderPanel(tool: PlaygroundToolView, canFire: boolean, cases: readonly TestCaseView[] = [], caseActions = noCaseActions) {
  return render(<TestPanel tool={tool} canFire={canFire} runs={[]} cases={cases} saveCase={vi.fn()} caseActions={caseActions} />);
}

const savedCase = (id: number, name: string): TestCaseView => ({
  id,
  toolName: "create_note",
  name,
  arguments: { text: name },
  context: {},
  expectations: [{ kind: "http_status", equals: 201 }],
  createdBy: "vera@example.com",
  createdAt: "2026-12-01T03:00:00.000Z",
  updatedAt: "2026-12-01T03:00:00.000Z",
  lastRun: null,
});

const CASES = [savedCase(1, "first note"), savedCase(2, "second note")];

/** How case `testCase` fared, its fire recorded as the tool's run `number`. */
const caseRun = (testCase: TestCaseView, number: number, passed = true): TestCaseRunResult => ({
  caseId: testCase.id,
  name: testCase.name,
  passed,
  results: [{ expectation: { kind: "http_status", equals: 201 }, label: "HTTP status is 201", passed, expected: 201, actual: passed ? 201 : 500, difference: passed ? null : "expected HTTP status 201, got 500" }],
  run: { ...DRY_RUN, id: 100 + number, number, mode: "fire", outcome: { kind: "success", halted: false }, status: 201, testCase: { id: testCase.id, name: testCase.name } },
});

/** Case actions whose runs answer as `results` say. */
function caseActionsAnswering(...results: TestCaseRunResult[]) {
  return {
    ...noCaseActions,
    runAll: vi.fn(() => Promise.resolve({ ok: true as const, data: results })),
    runOne: vi.fn((id: number) => Promise.resolve({ ok: true as const, data: results.find((result) => result.caseId === id)! })),
  };
}

/** A fetch that answers `run` at once, or (with no run) waits until its signal aborts. */
function stubFetch(run?: PlaygroundRunView) {
  const fetch = vi.fn((_url: string, init: RequestInit) => {
    if (run) return Promise.resolve(Response.json({ ok: true, data: run }));
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("TestPanel", () => {
  it("gives a viewer Dry run and no Fire, sends the schema defaults, and shows the request a dry run renders", async () => {
    const fetch = stubFetch(DRY_RUN);
    renderPanel(TOOL, false);
    expect(screen.queryByRole("button", { name: "Fire" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Dry run" }));
    expect(JSON.parse(String(fetch.mock.calls[0]![1].body))).toEqual({ toolName: "create_note", mode: "dry_run", arguments: { text: "hi" }, context: {} });
    expect(await screen.findByText("https://api.example.com/notes")).toBeTruthy();
    expect(screen.getByText("Dry run ready.").getAttribute("role")).toBe("status");
    expect(screen.getByRole("listitem", { name: "Run 7" })).toBeTruthy();
  });

  it("asks before firing a side-effect tool, naming method and host; dismissing sends nothing", async () => {
    const fetch = stubFetch(DRY_RUN);
    renderPanel(TOOL, true);
    await userEvent.click(screen.getByRole("button", { name: "Fire" }));
    const dialog = screen.getByRole("alertdialog", { name: "Fire create_note?" });
    expect(dialog.textContent).toContain("create_note has side effects: firing sends POST to api.example.com for real.");
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Fire" })));
  });

  it("sends nothing while the arguments break the schema", async () => {
    const fetch = stubFetch(DRY_RUN);
    renderPanel(TOOL, true);
    await userEvent.clear(screen.getByRole("textbox", { name: /^text/ }));
    await userEvent.click(screen.getByRole("button", { name: "Dry run" }));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByText(/^Some arguments are not valid/).getAttribute("role")).toBe("status");
  });

  it("Cancel aborts the request in flight and says so", async () => {
    const fetch = stubFetch();
    renderPanel({ ...TOOL, sideEffect: false }, true);
    await userEvent.click(screen.getByRole("button", { name: "Fire" }));
    const signal = fetch.mock.calls[0]![1].signal!;
    expect(signal.aborted).toBe(false);
    // The focused Fire button gave way to Cancel; focus follows rather than falling to the page.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(signal.aborted).toBe(true);
    expect((await screen.findByText(/^Cancelled/)).getAttribute("role")).toBe("status");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Fire" }));
  });

  it("asks before Run all on a side-effect tool, naming the count, method and host; Cancel runs nothing", async () => {
    const actions = caseActionsAnswering(caseRun(CASES[0]!, 1), caseRun(CASES[1]!, 2));
    renderPanel(TOOL, true, CASES, actions);
    const runAll = screen.getByRole("button", { name: "Run all" });
    await userEvent.click(runAll);
    const dialog = screen.getByRole("alertdialog", { name: "Run 2 test cases against the live API?" });
    expect(dialog.textContent).toContain("create_note has side effects: each of the 2 cases sends POST to api.example.com for real, one after another.");
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(actions.runAll).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(runAll));
  });

  it("runs every case once confirmed: each result in its row, each fire in the history under its case's name", async () => {
    const actions = caseActionsAnswering(caseRun(CASES[0]!, 1), caseRun(CASES[1]!, 2, false));
    renderPanel(TOOL, true, CASES, actions);
    await userEvent.click(screen.getByRole("button", { name: "Run all" }));
    await userEvent.click(screen.getByRole("button", { name: "Run 2 test cases" }));
    expect(actions.runAll).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("1 of 2 test cases failed.")).toBeTruthy();
    const cases = within(screen.getByRole("list", { name: "Test cases" }));
    expect(cases.getByRole("listitem", { name: "first note" }).textContent).toContain("passing");
    expect(cases.getByRole("listitem", { name: "second note" }).textContent).toContain("expected HTTP status 201, got 500");
    const history = within(screen.getByRole("list", { name: "Run history" }));
    expect(history.getAllByRole("listitem").map((item) => item.getAttribute("aria-label"))).toEqual(['Run 2, test case "second note"', 'Run 1, test case "first note"']);
  });

  it("runs one case from its own Run, after the same question, and shows its result in its row", async () => {
    const actions = caseActionsAnswering(caseRun(CASES[1]!, 1));
    renderPanel(TOOL, true, CASES, actions);
    await userEvent.click(screen.getByRole("button", { name: "Run test case second note" }));
    const dialog = screen.getByRole("alertdialog", { name: 'Run test case "second note" against the live API?' });
    expect(dialog.textContent).toContain("the case sends POST to api.example.com for real.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Run test case" }));
    expect(actions.runOne).toHaveBeenCalledWith(2);
    expect(actions.runAll).not.toHaveBeenCalled();
    expect(await screen.findByText('Test case "second note" passed.')).toBeTruthy();
    const cases = within(screen.getByRole("list", { name: "Test cases" }));
    expect(cases.getByRole("listitem", { name: "second note" }).textContent).toContain("passing");
    expect(cases.getByRole("listitem", { name: "first note" }).textContent).toContain("never run");
    expect(screen.getByRole("listitem", { name: 'Run 1, test case "second note"' })).toBeTruthy();
  });

  it("runs the cases of a tool without side effects at once", async () => {
    const actions = caseActionsAnswering(caseRun(CASES[0]!, 1));
    renderPanel({ ...TOOL, sideEffect: false, method: "GET" }, true, CASES, actions);
    await userEvent.click(screen.getByRole("button", { name: "Run test case first note" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(actions.runOne).toHaveBeenCalledWith(1);
    expect(await screen.findByText('Test case "first note" passed.')).toBeTruthy();
  });
});
