/**
 * After a tool is saved, a toast offers to run its test cases — only when it has some, and never
 * straight from the toast when the tool has side effects (its Test tab asks first) — and the run's
 * verdict is reported; a save is never blocked by them.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

const actions = vi.hoisted(() => ({ testCaseRunOfferAction: vi.fn(), runTestCasesAction: vi.fn() }));
const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock("@/lib/playground/actions", () => actions);
vi.mock("@/components/ui/toaster", () => ({ toast }));

const { offerTestCaseRun } = await import("./offer-test-run");

const ran = (name: string, passed: boolean) => ({ caseId: 1, name, passed, results: [], run: {} });
const offer = (needsConfirmation: boolean) => ({ ok: true, data: { health: "passing", needsConfirmation } });

beforeEach(() => vi.clearAllMocks());

describe("offerTestCaseRun", () => {
  it("offers nothing for a tool without test cases", async () => {
    actions.testCaseRunOfferAction.mockResolvedValue({ ok: true, data: null });
    await offerTestCaseRun("lookup_order", vi.fn());
    expect(toast).not.toHaveBeenCalled();
  });

  it("offers to run them, and reports failures with a way to the Test tab", async () => {
    actions.testCaseRunOfferAction.mockResolvedValue(offer(false));
    actions.runTestCasesAction.mockResolvedValue({ ok: true, data: [ran("open", true), ran("closed", false)] });
    const open = vi.fn();
    await offerTestCaseRun("lookup_order", open);
    const [message, options] = toast.mock.calls[0]!;
    expect(message).toBe("lookup_order has saved test cases.");
    expect(options.action.label).toBe("Run test cases");

    options.action.onClick();
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(actions.runTestCasesAction).toHaveBeenCalledWith("lookup_order");
    const [failure, failureOptions] = toast.error.mock.calls[0]!;
    expect(failure).toBe("1 of 2 test cases of lookup_order failed.");
    failureOptions.action.onClick();
    expect(open).toHaveBeenCalledWith("/tools/lookup_order?tab=test");
  });

  it("says so when the one case passes, by its name", async () => {
    actions.testCaseRunOfferAction.mockResolvedValue(offer(false));
    actions.runTestCasesAction.mockResolvedValue({ ok: true, data: [ran("open order", true)] });
    await offerTestCaseRun("lookup_order", vi.fn());
    toast.mock.calls[0]![1].action.onClick();
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Test case "open order" of lookup_order passed.'));
  });

  it("fires nothing from the toast for a tool with side effects: it opens the Test tab, where Run all asks first", async () => {
    actions.testCaseRunOfferAction.mockResolvedValue(offer(true));
    const open = vi.fn();
    await offerTestCaseRun("create_order", open);
    const [message, options] = toast.mock.calls[0]!;
    expect(message).toBe("create_order has saved test cases. It has side effects, so run them from its Test tab.");
    expect(options.action.label).toBe("Open test cases");
    options.action.onClick();
    expect(open).toHaveBeenCalledWith("/tools/create_order?tab=test");
    expect(actions.runTestCasesAction).not.toHaveBeenCalled();
  });
});
