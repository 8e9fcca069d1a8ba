import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/users/change-password-form";
import { SignOutEverywhere } from "@/components/users/sign-out-everywhere";
import { formatTime } from "@/components/usage/format";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { ROLE_DESCRIPTIONS, SESSION_ABSOLUTE_LIFETIME_MS } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";
import { PasswordChangeRequired } from "./password-change-required";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage() {
  const operator = await requirePageOperator({ ownAccount: true });
  if (operator.passwordChangePending) return <PasswordChangeRequired operator={operator} />;
  const endsBy = new Date(operator.signedInAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS);

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: "Settings", href: "/settings" }, { label: "Your account" }]}
        title="Your account"
        description="Who you are signed in as, your password, and your sessions."
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="grid gap-6">
          <Card title="Profile" description="An admin changes names, e-mail addresses and roles.">
            <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-muted-foreground">Name</dt>
              <dd className="min-w-0 break-words">{operator.name}</dd>
              <dt className="text-muted-foreground">E-mail</dt>
              <dd className="min-w-0 break-words">{operator.email}</dd>
              <dt className="text-muted-foreground">Role</dt>
              <dd className="min-w-0">
                <Badge tone="accent">{operator.role}</Badge> <span className="text-muted-foreground">{ROLE_DESCRIPTIONS[operator.role]}</span>
              </dd>
            </dl>
          </Card>
          <Card title="Sessions" description="Where you are signed in.">
            <p className="mb-4 text-sm">
              This session signed in at <time dateTime={operator.signedInAt.toISOString()}>{formatTime(operator.signedInAt)}</time> and ends by{" "}
              <time dateTime={endsBy.toISOString()}>{formatTime(endsBy)}</time> at the latest. Signed in on another device, or left a session open
              somewhere? End them all at once.
            </p>
            <SignOutEverywhere />
          </Card>
        </div>
        <Card title="Change password" description="Your other sessions are signed out; this one stays signed in.">
          <ChangePasswordForm />
        </Card>
      </div>
    </>
  );
}
