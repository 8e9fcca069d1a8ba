import { CheckCircle2, Circle } from "lucide-react";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import type { GettingStarted as Progress, GettingStartedStep } from "@/lib/setup/getting-started";
import { hasRole, type Role } from "@/lib/operators/roles";

interface StepText {
  readonly title: string;
  readonly detail: string;
  /** Where the step is done, and the least role that can do it there. */
  readonly links: readonly { readonly href: string; readonly label: string }[];
  readonly role: Role;
  /** Said instead of the links to an operator whose role cannot do the step. */
  readonly othersDo: string;
}

const STEPS: Readonly<Record<GettingStartedStep, StepText>> = {
  tool: {
    title: "Create a tool",
    detail: "Describe an HTTP call an agent may make, or import it from an OpenAPI document or a curl command.",
    links: [
      { href: "/tools/new-tool", label: "New tool" },
      { href: "/tools/import-tools", label: "Import" },
    ],
    role: "editor",
    othersDo: "An editor creates tools.",
  },
  test_case: {
    title: "Save a test case",
    detail: "Fire the tool from its Test tab and keep the run, with what it must show, as a case to check again.",
    links: [{ href: "/playground", label: "Open the playground" }],
    role: "editor",
    othersDo: "An editor saves test cases.",
  },
  persona: {
    title: "Grant tools to a persona",
    detail: "A persona is an agent's profile: it decides which tools that agent may call.",
    links: [{ href: "/personas", label: "Open personas" }],
    role: "editor",
    othersDo: "An editor grants tools to personas.",
  },
  agent_key: {
    title: "Create an API key",
    detail: "An agent signs in with a key limited to the personas you choose.",
    links: [{ href: "/settings/api-keys", label: "Create a key" }],
    role: "admin",
    othersDo: "An admin creates API keys: ask one for a key.",
  },
  agent_call: {
    title: "Connect an agent",
    detail: "Point an MCP client or the runtime API at the persona with the key; its first call appears in Usage.",
    links: [{ href: "/settings/api-keys", label: "See how to connect" }],
    role: "admin",
    othersDo: "The key's connect snippets show how; calls appear in Usage.",
  },
};

const ORDER = Object.keys(STEPS) as GettingStartedStep[];

/**
 * The first hour on the Overview: the path from a first tool to a first agent call, each step
 * ticked by what has been done (never by a click here), the next open step marked.
 */
export function GettingStarted({ progress, role }: { readonly progress: Progress; readonly role: Role }) {
  const done = ORDER.filter((step) => progress[step]).length;
  const next = ORDER.find((step) => !progress[step]);
  return (
    <Card title="Getting started" description={`${done} of ${ORDER.length} done: from a first tool to a first agent call.`}>
      <ol className="grid gap-1">
        {ORDER.map((step) => {
          const text = STEPS[step];
          const complete = progress[step];
          return (
            <li key={step} aria-current={step === next ? "step" : undefined} className={cn("flex gap-3 rounded-md p-2", step === next && "bg-muted/50")}>
              {complete ? <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success" /> : <Circle aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />}
              <div className="min-w-0 flex-1">
                <p className={cn("text-sm font-medium", complete && "text-muted-foreground line-through decoration-muted-foreground/60")}>
                  {text.title}
                  <span className="sr-only">{complete ? " (done)" : " (to do)"}</span>
                </p>
                {!complete && (
                  <>
                    <p className="mt-0.5 text-xs text-muted-foreground">{text.detail}</p>
                    <p className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-xs">
                      {hasRole(role, text.role)
                        ? text.links.map((link) => (
                            <Link key={link.href} href={link.href} className="font-medium text-accent-foreground underline-offset-2 hover:underline">
                              {link.label}
                            </Link>
                          ))
                        : <span className="text-muted-foreground">{text.othersDo}</span>}
                    </p>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
