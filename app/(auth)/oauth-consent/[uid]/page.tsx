import { ShieldAlert } from "lucide-react";
import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { ConsentAnswer } from "@/components/oauth/consent-answer";
import { PersonaReach } from "@/components/oauth/persona-reach";
import { Badge } from "@/components/ui/badge";
import { loadConsentRequest } from "@/lib/agent-door/oauth";
import { hasRole, listUsers } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";

export const metadata: Metadata = { title: "Approve an app" };

/** The standalone frame of the page, as the sign-in page has it. */
function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-8">
      <div className="w-full max-w-lg rounded-xl border bg-surface p-6 shadow-sm sm:p-8">
        <div className="mb-6">
          <p className="text-sm font-semibold tracking-wide text-accent-foreground">Quiver</p>
          <h1 className="mt-1 text-xl font-semibold">{title}</h1>
        </div>
        {children}
      </div>
    </main>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

export default async function OauthConsentPage({ params }: { params: Promise<{ uid: string }> }) {
  const operator = await requirePageOperator();
  const { uid } = await params;
  const request = await loadConsentRequest(uid, (await headers()).get("cookie") ?? "");
  if (request === null) {
    return (
      <Frame title="This request is no longer pending">
        <p className="text-sm text-muted-foreground">
          It expired (requests wait 10 minutes), was answered already, or was started in another browser. Go back to the app and connect again; the approval page opens
          in the browser you are signed in with.
        </p>
      </Frame>
    );
  }
  const isAdmin = hasRole(operator.role, "admin");
  const admins = isAdmin ? [] : (await listUsers()).filter((user) => user.active && user.role === "admin");
  const { client, requested, unknownResources } = request;
  const picks = requested.length === 0 && unknownResources.length === 0;

  return (
    <Frame title="An app asks to use Quiver's tools">
      <dl className="space-y-4">
        <Term label="App">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium [overflow-wrap:anywhere]">{client.name ?? "An app without a name"}</span>
            {client.verifiedHost === null ? <Badge tone="warning">Registered itself</Badge> : <Badge tone="success">Verified by {client.verifiedHost}</Badge>}
          </span>
          <span className="mt-1 block text-xs text-muted-foreground [overflow-wrap:anywhere]">
            {client.verifiedHost === null
              ? "The app registered on its own, so its name is unverified: anyone can choose any name. Approve only an app you are connecting yourself, now."
              : `Quiver read this app's details from ${client.id}: whoever runs ${client.verifiedHost} vouches for it. Approve only if you expect an app from there, now.`}
          </span>
        </Term>
        <Term label="Answer goes to">
          <span className="font-mono text-xs [overflow-wrap:anywhere]">{client.redirectHost}</span>
        </Term>
        {!picks && (
          <Term label={requested.length + unknownResources.length === 1 ? "Persona" : "Personas"}>
            <ul className="grid gap-2">
              {requested.map((offer) => (
                <li key={offer.slug}>
                  <PersonaReach offer={offer} />
                </li>
              ))}
              {unknownResources.map((resource) => (
                <li key={resource} className="text-danger-foreground [overflow-wrap:anywhere]">
                  No persona here has the MCP URL <span className="font-mono text-xs">{resource}</span>: this request cannot be approved.
                </li>
              ))}
            </ul>
          </Term>
        )}
      </dl>
      <p className="mt-4 text-xs text-muted-foreground">
        Approved, the app calls these tools as you allowed, for up to a year, until an admin revokes it under Settings → Connected apps. Signed in as {operator.email} ({operator.role}).
      </p>
      <div className="mt-6">
        {isAdmin ? (
          <ConsentAnswer uid={request.uid} choices={picks ? request.personas : null} approvable={unknownResources.length === 0} />
        ) : (
          <div role="note" className="flex gap-3 rounded-lg border bg-muted p-4 text-sm">
            <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <div className="space-y-2">
              <p className="font-medium">Only an admin can approve apps.</p>
              <p className="text-muted-foreground">
                {admins.length > 0 ? `Ask ${admins.map((admin) => `${admin.name} (${admin.email})`).join(", ")} to connect this app from their own browser.` : "There is no active admin to ask."}
              </p>
            </div>
          </div>
        )}
      </div>
    </Frame>
  );
}
