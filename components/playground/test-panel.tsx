"use client";

import { FlaskConical, Play, Send, Square } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { ValidationIssue } from "@/lib/errors";
import type { PlaygroundMode, PlaygroundRunView, PlaygroundToolView, TestCaseView } from "@/lib/playground/playground-types";
import { ArgumentsForm, type ArgumentsFormHandle } from "./arguments-form";
import { ContextFields } from "./context-fields";
import { requestRun } from "./run-request";
import { runAnnouncement, runLabel } from "./run-format";
import { RunHistory } from "./run-history";
import { RunResult } from "./run-result";
import { SaveCaseDialog, type SaveCase } from "./save-case-dialog";
import { TestCases, type TestCaseActions } from "./test-cases";
import { useFireConfirmation } from "./use-fire-confirmation";

interface TestPanelProps {
  readonly tool: PlaygroundToolView;
  /** Editors and admins: Fire, saving and running test cases. Viewers dry-run only. */
  readonly canFire: boolean;
  readonly runs: readonly PlaygroundRunView[];
  readonly cases: readonly TestCaseView[];
  readonly saveCase: (input: { name: string; arguments: unknown; context: Record<string, string>; expectations: readonly unknown[] }) => ReturnType<SaveCase>;
  readonly caseActions: TestCaseActions;
}

/**
 * The Test tab: arguments (a form from the tool's parameters) and turn context, Dry run for
 * everyone and Fire for editors, a running state whose Cancel aborts the upstream call, the run,
 * the tool's run history (show, replay into the form) and its saved test cases. Fire and the
 * test cases' Run all and Run share one confirm step: a tool with side effects asks first, saying
 * how many calls go where.
 */
export function TestPanel({ tool, canFire, runs: initialRuns, cases, saveCase, caseActions }: TestPanelProps) {
  const id = useId();
  const formRef = useRef<ArgumentsFormHandle>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const [args, setArgs] = useState<unknown>({});
  const [context, setContext] = useState<Record<string, string>>({});
  const [runs, setRuns] = useState(initialRuns);
  const [shown, setShown] = useState<PlaygroundRunView | null>(null);
  const [running, setRunning] = useState<{ mode: PlaygroundMode; controller: AbortController } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [issues, setIssues] = useState<readonly ValidationIssue[]>([]);
  const [saving, setSaving] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  const lastMode = useRef<PlaygroundMode | null>(null);
  const focusAction = (action: PlaygroundMode | "cancel") => actions.current?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)?.focus();

  // Cancel takes the place of Dry run and Fire while a run is in flight, and they come back after:
  // a focused button that disappears leaves focus nowhere, so it moves to the one in its place.
  useEffect(() => {
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    if (running) focusAction("cancel");
    else if (lastMode.current) focusAction(lastMode.current);
  }, [running]);

  const { confirmThenFire, dialog } = useFireConfirmation(tool);
  // New runs join the history, which stays newest first whatever order they were made in.
  const keepRuns = (made: readonly PlaygroundRunView[]) =>
    setRuns((current) => [...made, ...current.filter((candidate) => !made.some((run) => run.id === candidate.id))].sort((a, b) => b.id - a.id));

  const run = async (mode: PlaygroundMode) => {
    if (formRef.current && !formRef.current.validateForm()) {
      setAnnouncement("Some arguments are not valid; fix the marked fields.");
      return;
    }
    const controller = new AbortController();
    lastMode.current = mode;
    setRunning({ mode, controller });
    setFailure(null);
    setIssues([]);
    setAnnouncement(mode === "fire" ? "Firing…" : "Preparing the dry run…");
    try {
      const result = await requestRun({ toolName: tool.name, mode, arguments: args, context }, controller.signal);
      if (result.ok) {
        setShown(result.data);
        keepRuns([result.data]);
        setAnnouncement(runAnnouncement(result.data));
      } else {
        // Problems with a context field show next to it; any other problem is spelt out here.
        const elsewhere = result.errors.filter((issue) => !issue.path.startsWith("context."));
        const text = [result.message, ...elsewhere.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))].join(" ");
        setIssues(result.errors);
        setFailure(text);
        setAnnouncement(text);
      }
    } catch (error) {
      if (controller.signal.aborted) setAnnouncement("Cancelled: the upstream call was aborted and nothing more is awaited.");
      else {
        setFailure("The run could not reach the server. Check your connection and try again.");
        setAnnouncement("The run could not reach the server.");
        console.error(error);
      }
    } finally {
      setRunning(null);
    }
  };

  const fire = () => confirmThenFire({ kind: "fire" }, () => void run("fire"));

  // Replaying only fills the form: nothing is sent until Dry run or Fire (which asks as always).
  const replay = (past: PlaygroundRunView) => {
    setArgs(past.arguments);
    setContext({ ...past.context });
    setShown(past);
    setAnnouncement(`The arguments and context of run ${past.number} are back in the form; nothing was sent.`);
    formHeading.current?.focus();
  };

  return (
    <div className="grid min-w-0 gap-6">
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2 lg:items-start">
        <Card title="Arguments" description={tool.description}>
          <div className="grid gap-6">
            <h3 ref={formHeading} tabIndex={-1} className="sr-only">
              Arguments form
            </h3>
            <ArgumentsForm schema={tool.parameters} value={args} onChange={setArgs} formRef={formRef} idPrefix={`${id}-args`} />
            <ContextFields value={context} onChange={setContext} idPrefix={id} issues={issues} />
            <div ref={actions} className="flex flex-wrap items-center gap-2 border-t pt-4">
              {running ? (
                <>
                  <span className="text-sm text-muted-foreground" aria-hidden>
                    {running.mode === "fire" ? "Firing…" : "Preparing…"}
                  </span>
                  <Button data-action="cancel" variant="secondary" onClick={() => running.controller.abort()}>
                    <Square aria-hidden /> Cancel
                  </Button>
                </>
              ) : (
                <>
                  <Button data-action="dry_run" variant={canFire ? "secondary" : "primary"} onClick={() => void run("dry_run")}>
                    <Play aria-hidden /> Dry run
                  </Button>
                  {canFire && (
                    <Button data-action="fire" onClick={fire}>
                      <Send aria-hidden /> Fire
                    </Button>
                  )}
                </>
              )}
            </div>
            {!canFire && <p className="text-xs text-muted-foreground">Viewers can dry-run; firing needs the editor role.</p>}
          </div>
        </Card>

        <Card
          title="Run"
          description={shown ? `${runLabel(shown)} by ${shown.actorEmail}` : "The outcome of a dry run or fire appears here."}
          actions={
            canFire && shown && shown.mode === "fire" && shown.suggestedExpectations.length > 0 ? (
              <Button variant="secondary" size="sm" onClick={() => setSaving(true)}>
                Save as test case
              </Button>
            ) : undefined
          }
        >
          {failure && (
            <p role="alert" className="mb-4 rounded-md border border-danger/40 bg-danger-subtle p-3 text-sm">
              {failure}
            </p>
          )}
          {shown ? (
            <RunResult run={shown} />
          ) : (
            <EmptyState icon={FlaskConical} title="Nothing run yet">
              {canFire ? "Dry run shows the request without sending it; Fire sends it." : "Dry run shows the request without sending it."}
            </EmptyState>
          )}
        </Card>
      </div>

      <Card title="Run history" description="Every dry run and fire of this tool, test case runs included, newest first.">
        <RunHistory runs={runs} shownId={shown?.id ?? null} onShow={setShown} onReplay={replay} />
      </Card>

      <Card title="Test cases" description="Saved runs with expectations, checked again by Run all, by each case's Run and in CI.">
        <TestCases cases={cases} canEdit={canFire} actions={caseActions} confirmThenFire={confirmThenFire} onRuns={keepRuns} />
      </Card>

      {dialog}
      {shown && (
        <SaveCaseDialog
          key={shown.id}
          run={shown}
          open={saving}
          onOpenChange={setSaving}
          onSave={(name, expectations) => saveCase({ name, arguments: shown.arguments, context: { ...shown.context }, expectations })}
        />
      )}
    </div>
  );
}
