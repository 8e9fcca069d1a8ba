"use client";

import { Pencil, Play, Trash2 } from "lucide-react";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ExpectationResult, TestCaseRunResult, TestCaseView } from "@/lib/playground/playground-types";
import { utcTime } from "./run-format";

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

interface TestCaseRowProps {
  readonly testCase: TestCaseView;
  /** This page's latest run of the case, newer than its stored last run. */
  readonly fresh: TestCaseRunResult | undefined;
  /** Editors: Run, Edit and Delete; each gets the button pressed, to return focus to. */
  readonly actions: { readonly run: (trigger: HTMLElement) => void; readonly edit: (trigger: HTMLElement) => void; readonly remove: () => void } | null;
  /** This case is running now. */
  readonly running: boolean;
  /** Some case of the tool is running now (cases fire one at a time). */
  readonly busy: boolean;
}

/**
 * One saved case: its name, how it last fared (pass/fail per expectation, and for each failure
 * what was expected, what came and how they differ) and, for editors, its own Run, Edit and Delete.
 */
export function TestCaseRow({ testCase, fresh, actions, running, busy }: TestCaseRowProps) {
  const last = fresh ? { passed: fresh.passed, results: fresh.results, at: fresh.run.createdAt } : testCase.lastRun;
  return (
    <li aria-label={testCase.name} className="grid gap-2 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 font-medium break-all">{testCase.name}</span>
        {running ? (
          <StatusBadge status="neutral">running</StatusBadge>
        ) : last ? (
          <StatusBadge status={last.passed ? "success" : "danger"}>{last.passed ? "passing" : "failing"}</StatusBadge>
        ) : (
          <StatusBadge status="neutral">never run</StatusBadge>
        )}
        {last?.at && <span className="text-xs text-muted-foreground tabular-nums">last run {utcTime(last.at)}</span>}
        {actions && (
          <span className="ml-auto flex gap-1">
            <Button variant="secondary" size="sm" aria-label={`Run test case ${testCase.name}`} disabled={busy} onClick={(event) => actions.run(event.currentTarget)}>
              <Play aria-hidden /> {running ? "Running…" : "Run"}
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Edit test case ${testCase.name}`} onClick={(event) => actions.edit(event.currentTarget)}>
              <Pencil aria-hidden />
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Delete test case ${testCase.name}`} onClick={actions.remove}>
              <Trash2 aria-hidden />
            </Button>
          </span>
        )}
      </div>
      {last && <Results results={last.results} />}
    </li>
  );
}
