import { deleteTestCaseAction, runTestCaseAction, runTestCasesAction, saveTestCaseAction, updateTestCaseAction } from "@/lib/playground/actions";
import { TestPanel } from "@/components/playground/test-panel";
import { listPlaygroundRuns, listTestCases, type PlaygroundToolView } from "@/lib/playground";

/** The Test tab of a tool page: the tool's runs and test cases read on the server, the panel on the client. */
export async function TestTab({ tool, canFire }: { tool: PlaygroundToolView; canFire: boolean }) {
  const [runs, cases] = await Promise.all([listPlaygroundRuns(tool.name), listTestCases(tool.name)]);
  return (
    <TestPanel
      tool={tool}
      canFire={canFire}
      runs={runs}
      cases={cases}
      saveCase={saveTestCaseAction.bind(null, tool.name)}
      caseActions={{
        runAll: runTestCasesAction.bind(null, tool.name),
        runOne: runTestCaseAction.bind(null, tool.name),
        update: updateTestCaseAction.bind(null, tool.name),
        remove: deleteTestCaseAction.bind(null, tool.name),
      }}
    />
  );
}
