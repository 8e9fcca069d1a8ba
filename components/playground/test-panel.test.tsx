/**
 * The Test panel's own rules, without a server: viewers have no Fire, a side-effect tool asks
 * first and a dismissal sends nothing, arguments the schema refuses are never sent, and Cancel
 * aborts the request in flight.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlaygroundRunView, PlaygroundToolView } from "@/lib/playground/playground-types";
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
  id: 7,
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

const noCaseActions = { runAll: vi.fn(), update: vi.fn(), remove: vi.fn() };

function renderPanel(tool: PlaygroundToolView, canFire: boolean) {
  return render(<TestPanel tool={tool} canFire={canFire} runs={[]} cases={[]} saveCase={vi.fn()} caseActions={noCaseActions} />);
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
    expect(dialog.textContent).toContain("POST to api.example.com");
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
});
