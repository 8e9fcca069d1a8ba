"use client";

import { ListChecks, Pencil, Play, Trash2 } from "lucide-react";
import { useState, useTransition } from "react";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/actions/action-result";
import type { ExpectationResult, TestCaseRunResult, TestCaseView } from "@/lib/playground/playground-types";
import { utcTime } from "./run-format";
import { SaveCaseDialog, type CaseValues } from "./save-case-dialog";

export interface TestCaseActions {
  readonly runAll: () => Promise<ActionResult<readonly TestCaseRunResult[]>>;
  /** Saves new values for case `id`, edited from the case as it was at `basedOn` (its `updatedAt`). */
  readonly update: (input: CaseValues & { readonly id: number; readonly basedOn: string }) => Promise<ActionResult<TestCaseView>>;
  readonly remove: (id: number) => Promise<ActionResult<undefined>>;
}

function Results({ results }: { results: readonly ExpectationResult[] }) {
  return (
    <ul className="grid gap-1.5">
      {results.map((result, index) => (
        <li key={index} className="grid gap-1 text-sm">
          <span className="flex min-w-0 flex-wrap items-center gap-2">
            <StatusBadge status={result.passed ? "success" : "danger"}>{result.passed ? "pass" : "fail"}</StatusBadge>
            <span className="min-w-0 break-all">{result.label}</span>
          </span>
          {!result.passed && (
            <dl className="grid gap-x-3 gap-y-0.5 rounded-md border bg-muted/40 p-2 font-mono text-xs sm:grid-cols-[6rem_1fr]">
              <dt className="text-muted-foreground">expected</dt>
              <dd className="min-w-0 break-all">{JSON.stringify(result.expected)}</dd>
              <dt className="text-muted-foreground">actual</dt>
              <dd className="min-w-0 break-all">{JSON.stringify(result.actual)}</dd>
              {result.difference && (
                <>
                  <dt className="text-muted-foreground">difference</dt>
                  <dd className="min-w-0 font-sans break-words">{result.difference}</dd>
                </>
              )}
            </dl>
          )}
        </li>
      ))}
    </ul>
  );
}

interface TestCasesProps {
  readonly cases: readonly TestCaseView[];
  readonly canEdit: boolean;
  readonly actions: TestCaseActions;
}

/**
 * The tool's saved test cases with each one's last result; editors run them all (pass/fail,
 * and for each failure what was expected, what came, and how they differ), edit and delete them.
 */
export function TestCases({ cases, canEdit, actions }: TestCasesProps) {
  const [latest, setLatest] = useState<ReadonlyMap<number, TestCaseRunResult>>(new Map());
  const [summary, setSummary] = useState("");
  const [deleting, setDeleting] = useState<TestCaseView | null>(null);
  // Each opening is a fresh form (a cancelled edit leaves nothing behind); the dialog stays mounted while it closes.
  const [editing, setEditing] = useState<{ testCase: TestCaseView; opening: number; trigger: HTMLElement } | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [pending, startTransition] = useTransition();

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
      // A result from "Run all" judged the values the case no longer has.
      setLatest((current) => new Map([...current].filter(([caseId]) => caseId !== testCase.id)));
      toast.success(result.message ?? `Saved test case "${result.data.name}".`);
    }
    return result;
  };

  const runAll = () =>
    startTransition(async () => {
      setSummary("Running the test cases…");
      const result = await actions.runAll();
      if (!result.ok) {
        setSummary("");
        toast.error(result.message);
        return;
      }
      setLatest(new Map(result.data.map((run) => [run.caseId, run])));
      const failed = result.data.filter((run) => !run.passed).length;
      setSummary(failed === 0 ? `All ${result.data.length} test cases passed.` : `${failed} of ${result.data.length} test cases failed.`);
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
          <Button variant="secondary" onClick={runAll} disabled={pending}>
            <Play aria-hidden /> {pending ? "Running…" : "Run all"}
          </Button>
        )}
      </div>
      {cases.length === 0 ? (
        <EmptyState icon={ListChecks} title="No test cases">
          Fire the tool, then save the run as a test case to keep checking it.
        </EmptyState>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Test cases">
          {cases.map((testCase) => {
            const fresh = latest.get(testCase.id);
            const last = fresh ? { passed: fresh.passed, results: fresh.results, at: null } : testCase.lastRun;
            return (
              <li key={testCase.id} aria-label={testCase.name} className="grid gap-2 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 font-medium break-all">{testCase.name}</span>
                  {last ? (
                    <StatusBadge status={last.passed ? "success" : "danger"}>{last.passed ? "passing" : "failing"}</StatusBadge>
                  ) : (
                    <StatusBadge status="neutral">never run</StatusBadge>
                  )}
                  {last?.at && <span className="text-xs text-muted-foreground tabular-nums">last run {utcTime(last.at)}</span>}
                  {canEdit && (
                    <span className="ml-auto flex gap-1">
                      <Button variant="ghost" size="icon" aria-label={`Edit test case ${testCase.name}`} onClick={(event) => edit(testCase, event.currentTarget)}>
                        <Pencil aria-hidden />
                      </Button>
                      <Button variant="ghost" size="icon" aria-label={`Delete test case ${testCase.name}`} onClick={() => setDeleting(testCase)}>
                        <Trash2 aria-hidden />
                      </Button>
                    </span>
                  )}
                </div>
                {last && <Results results={last.results} />}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this test case?"
        description={`"${deleting?.name ?? ""}" and its last result are removed. Runs in the history stay.`}
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
