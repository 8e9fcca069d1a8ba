"use client";

import { ListChecks, Play } from "lucide-react";
import { useEffect, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/actions/action-result";
import type { FirePlan } from "@/lib/playground/fire-confirmation";
import type { PlaygroundRunView, TestCaseRunResult, TestCaseView } from "@/lib/playground/playground-types";
import { caseRunSummary } from "@/lib/playground/wording";
import { SaveCaseDialog, type CaseValues } from "./save-case-dialog";
import { TestCaseRow } from "./test-case-row";
import type { ConfirmThenFire } from "./use-fire-confirmation";

export interface TestCaseActions {
  readonly runAll: () => Promise<ActionResult<readonly TestCaseRunResult[]>>;
  /** Runs case `id` alone. */
  readonly runOne: (id: number) => Promise<ActionResult<TestCaseRunResult>>;
  /** Saves new values for case `id`, edited from the case as it was at `basedOn` (its `updatedAt`). */
  readonly update: (input: CaseValues & { readonly id: number; readonly basedOn: string }) => Promise<ActionResult<TestCaseView>>;
  readonly remove: (id: number) => Promise<ActionResult<undefined>>;
}

interface TestCasesProps {
  readonly cases: readonly TestCaseView[];
  readonly canEdit: boolean;
  readonly actions: TestCaseActions;
  /** The Test tab's one confirm step: asks first when the tool has side effects. */
  readonly confirmThenFire: ConfirmThenFire;
  /** Hands the fires a run made to the run history. */
  readonly onRuns: (runs: readonly PlaygroundRunView[]) => void;
}

/** What is running: every case, or the one with this id. */
type Running = "all" | number;

/**
 * The tool's saved test cases with each one's last result; editors run them all or one at a time
 * (after the Test tab's confirmation for a tool with side effects), each result shown in its row
 * and each fire added to the run history, and edit and delete them.
 */
export function TestCases({ cases, canEdit, actions, confirmThenFire, onRuns }: TestCasesProps) {
  const [latest, setLatest] = useState<ReadonlyMap<number, TestCaseRunResult>>(new Map());
  const [summary, setSummary] = useState("");
  const [running, setRunning] = useState<Running | null>(null);
  const [deleting, setDeleting] = useState<TestCaseView | null>(null);
  // Each opening is a fresh form (a cancelled edit leaves nothing behind); the dialog stays mounted while it closes.
  const [editing, setEditing] = useState<{ testCase: TestCaseView; opening: number; trigger: HTMLElement } | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const runTrigger = useRef<HTMLElement | null>(null);

  // A Run button is disabled while cases run, which drops focus: it goes back once they are done.
  useEffect(() => {
    if (running !== null || (document.activeElement !== null && document.activeElement !== document.body)) return;
    if (runTrigger.current?.isConnected) runTrigger.current.focus();
  }, [running]);

  const edit = (testCase: TestCaseView, trigger: HTMLElement) => {
    setEditing((current) => ({ testCase, opening: (current?.opening ?? 0) + 1, trigger }));
    setEditOpen(true);
  };

  const setEditOpenAndRefocus = (open: boolean) => {
    setEditOpen(open);
    // Opened without a Radix trigger, the dialog has nowhere to return focus to on its own.
    if (!open && editing) setTimeout(() => editing.trigger.focus());
  };

  const update = async (testCase: TestCaseView, values: CaseValues) => {
    const result = await actions.update({ ...values, id: testCase.id, basedOn: testCase.updatedAt });
    if (result.ok) {
      // A result from a run judged the values the case no longer has.
      setLatest((current) => new Map([...current].filter(([caseId]) => caseId !== testCase.id)));
      toast.success(result.message ?? `Saved test case "${result.data.name}".`);
    }
    return result;
  };

  /** Asks first when the tool has side effects, then fires `plan` through `request` and shows each case's result in its row. */
  const runCases = (plan: FirePlan, scope: Running, trigger: HTMLElement, request: () => Promise<ActionResult<readonly TestCaseRunResult[]>>) => {
    const go = async () => {
      runTrigger.current = trigger;
      setRunning(scope);
      setSummary(scope === "all" ? "Running the test cases…" : "Running the test case…");
      try {
        const result = await request();
        if (!result.ok) {
          setSummary("");
          toast.error(result.message);
          return;
        }
        setLatest((current) => new Map([...current, ...result.data.map((run) => [run.caseId, run] as const)]));
        setSummary(caseRunSummary(result.data));
        onRuns(result.data.map((run) => run.run));
      } catch (error) {
        setSummary("");
        toast.error("The test cases could not reach the server. Check your connection and try again.");
        console.error(error);
      } finally {
        setRunning(null);
      }
    };
    confirmThenFire(plan, () => void go());
  };

  const runAll = (trigger: HTMLElement) => runCases({ kind: "all_cases", count: cases.length }, "all", trigger, actions.runAll);

  const runOne = (testCase: TestCaseView, trigger: HTMLElement) =>
    runCases({ kind: "case", name: testCase.name }, testCase.id, trigger, async () => {
      const result = await actions.runOne(testCase.id);
      return result.ok ? { ...result, data: [result.data] } : result;
    });

  const remove = (testCase: TestCaseView) =>
    startTransition(async () => {
      const result = await actions.remove(testCase.id);
      setDeleting(null);
      if (result.ok) toast.success(`Deleted test case "${testCase.name}".`);
      else toast.error(result.message);
    });

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" aria-live="polite" className="text-sm">
          {summary}
        </p>
        {canEdit && cases.length > 0 && (
          <Button variant="secondary" onClick={(event) => runAll(event.currentTarget)} disabled={running !== null}>
            <Play aria-hidden /> {running === "all" ? "Running…" : "Run all"}
          </Button>
        )}
      </div>
      {cases.length === 0 ? (
        <EmptyState icon={ListChecks} title="No test cases">
          Fire the tool, then save the run as a test case to keep checking it.
        </EmptyState>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Test cases">
          {cases.map((testCase) => (
            <TestCaseRow
              key={testCase.id}
              testCase={testCase}
              fresh={latest.get(testCase.id)}
              running={running === "all" || running === testCase.id}
              busy={running !== null}
              actions={
                canEdit
                  ? { run: (trigger) => runOne(testCase, trigger), edit: (trigger) => edit(testCase, trigger), remove: () => setDeleting(testCase) }
                  : null
              }
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this test case?"
        description={`"${deleting?.name ?? ""}" and its last result are removed. Its runs stay in the run history.`}
        confirmLabel="Delete test case"
        pending={pending}
        onConfirm={() => deleting && remove(deleting)}
      />
      {editing && (
        <SaveCaseDialog
          key={editing.opening}
          testCase={editing.testCase}
          open={editOpen}
          onOpenChange={setEditOpenAndRefocus}
          onSave={(values: CaseValues) => update(editing.testCase, values)}
        />
      )}
    </div>
  );
}
