/**
 * After a tool is saved, a toast offers to run its test cases — only when it has some — and the
 * run's verdict is reported; a save is never blocked by them.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

const actions = vi.hoisted(() => ({ toolTestHealthAction: vi.fn(), runTestCasesAction: vi.fn() }));
const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock("@/lib/playground/actions", () => actions);
vi.mock("@/components/ui/toaster", () => ({ toast }));

const { offerTestCaseRun } = await import("./offer-test-run");

const passed = (passed: boolean) => ({ caseId: 1, name: "case", passed, results: [], run: null });

beforeEach(() => vi.clearAllMocks());

describe("offerTestCaseRun", () => {
  it("offers nothing for a tool without test cases", async () => {
    actions.toolTestHealthAction.mockResolvedValue({ ok: true, data: null });
    await offerTestCaseRun("lookup_order", vi.fn());
    expect(toast).not.toHaveBeenCalled();
  });

  it("offers to run them, and reports failures with a way to the Test tab", async () => {
    actions.toolTestHealthAction.mockResolvedValue({ ok: true, data: "passing" });
    actions.runTestCasesAction.mockResolvedValue({ ok: true, data: [passed(true), passed(false)] });
    const open = vi.fn();
    await offerTestCaseRun("lookup_order", open);
    const [message, options] = toast.mock.calls[0]!;
    expect(message).toBe("lookup_order has saved test cases.");
    expect(options.action.label).toBe("Run test cases");

    options.action.onClick();
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(actions.runTestCasesAction).toHaveBeenCalledWith("lookup_order");
    const [failure, failureOptions] = toast.error.mock.calls[0]!;
    expect(failure).toBe("1 of 2 test cases of lookup_order fail.");
    failureOptions.action.onClick();
    expect(open).toHaveBeenCalledWith("/tools/lookup_order?tab=test");
  });

  it("says so when every case passes", async () => {
    actions.toolTestHealthAction.mockResolvedValue({ ok: true, data: "failing" });
    actions.runTestCasesAction.mockResolvedValue({ ok: true, data: [passed(true)] });
    await offerTestCaseRun("lookup_order", vi.fn());
    toast.mock.calls[0]![1].action.onClick();
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith("All 1 test cases of lookup_order pass."));
  });
});
