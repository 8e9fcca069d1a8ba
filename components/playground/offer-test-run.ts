import { runTestCasesAction, testCaseRunOfferAction } from "@/lib/playground/actions";
import { caseRunSummary } from "@/lib/playground/wording";
import { toast } from "@/components/ui/toaster";

const testTab = (toolName: string) => `/tools/${toolName}?tab=test`;

async function runAndReport(toolName: string, open: (href: string) => void): Promise<void> {
  const result = await runTestCasesAction(toolName);
  if (!result.ok) {
    toast.error(result.message);
    return;
  }
  const summary = caseRunSummary(result.data, toolName);
  if (result.data.every((run) => run.passed)) {
    toast.success(summary);
    return;
  }
  toast.error(summary, { action: { label: "Show", onClick: () => open(testTab(toolName)) } });
}

/**
 * After a save: when the tool has saved test cases, a toast offers to run them (a save is never
 * blocked by them). A tool with side effects is offered its Test tab instead, where Run all asks
 * first like every other fire (a toast has no room for the question). `open` navigates, e.g. to
 * the failures.
 */
export async function offerTestCaseRun(toolName: string, open: (href: string) => void): Promise<void> {
  const offer = await testCaseRunOfferAction(toolName);
  if (!offer.ok || offer.data === null) return;
  if (offer.data.needsConfirmation) {
    toast(`${toolName} has saved test cases. It has side effects, so run them from its Test tab.`, {
      action: { label: "Open test cases", onClick: () => open(testTab(toolName)) },
    });
    return;
  }
  toast(`${toolName} has saved test cases.`, {
    action: { label: "Run test cases", onClick: () => void runAndReport(toolName, open) },
  });
}
