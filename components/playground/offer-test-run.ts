import { runTestCasesAction, toolTestHealthAction } from "@/lib/playground/actions";
import { toast } from "@/components/ui/toaster";

async function runAndReport(toolName: string, open: (href: string) => void): Promise<void> {
  const result = await runTestCasesAction(toolName);
  if (!result.ok) {
    toast.error(result.message);
    return;
  }
  const failed = result.data.filter((run) => !run.passed).length;
  if (failed === 0) {
    toast.success(`All ${result.data.length} test cases of ${toolName} pass.`);
    return;
  }
  toast.error(`${failed} of ${result.data.length} test cases of ${toolName} fail.`, {
    action: { label: "Show", onClick: () => open(`/tools/${toolName}?tab=test`) },
  });
}

/**
 * After a save: when the tool has saved test cases, a toast offers to run them (a save is never
 * blocked by them). `open` navigates, e.g. to the failures.
 */
export async function offerTestCaseRun(toolName: string, open: (href: string) => void): Promise<void> {
  const health = await toolTestHealthAction(toolName);
  if (!health.ok || health.data === null) return;
  toast(`${toolName} has saved test cases.`, {
    action: { label: "Run test cases", onClick: () => void runAndReport(toolName, open) },
  });
}
