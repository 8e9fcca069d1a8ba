import type { Metadata } from "next";
import { AddUserForm } from "@/components/users/add-user-form";
import { SingleSignOnBadge } from "@/components/users/single-sign-on-badge";
import { UserControls } from "@/components/users/user-controls";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Cell, Row, Table } from "@/components/ui/table";
import { hasRole, listSingleSignOnIssuers, listUsers, ROLE_DESCRIPTIONS, ROLES } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";

export const metadata: Metadata = { title: "Operators" };

export default async function UsersPage() {
  const operator = await requirePageOperator();
  const [users, singleSignOnIssuers] = await Promise.all([listUsers(), listSingleSignOnIssuers()]);
  const isAdmin = hasRole(operator.role, "admin");

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: "Settings", href: "/settings" }, { label: "Operators" }]}
        title="Operators"
        description="Who can sign in to this console, and what each of them may do."
      />
      <dl className="mb-6 grid gap-3 sm:grid-cols-3">
        {ROLES.map((role) => (
          <div key={role} className="rounded-lg border bg-surface p-3 shadow-xs">
            <dt className="text-sm font-medium capitalize">{role}</dt>
            <dd className="text-xs text-muted-foreground">{ROLE_DESCRIPTIONS[role]}</dd>
          </div>
        ))}
      </dl>
      <Table caption="Operators" columns={[{ label: "Operator" }, { label: "Role" }, { label: "Status" }, ...(isAdmin ? [{ label: "Actions", srOnly: true }] : [])]}>
        {users.map((user) => {
          const singleSignOnIssuer = singleSignOnIssuers.get(user.id) ?? null;
          return (
            <Row key={user.id} label={user.email}>
              <Cell className={isAdmin ? "max-md:pr-10" : undefined}>
                <span className="min-w-0">
                  <span className="block font-medium">
                    {user.name}
                    {user.id === operator.id && <span className="ml-1 text-xs font-normal text-muted-foreground">(you)</span>}
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
                </span>
              </Cell>
              <Cell label="Role">
                <Badge tone="accent">{user.role}</Badge>
              </Cell>
              <Cell label="Status">
                <span className="flex flex-wrap gap-1">
                  {user.active ? <StatusBadge status="success">active</StatusBadge> : <StatusBadge status="neutral">deactivated</StatusBadge>}
                  {singleSignOnIssuer && <SingleSignOnBadge issuer={singleSignOnIssuer} />}
                </span>
              </Cell>
              {isAdmin && (
                <Cell>
                  <UserControls
                    user={{ id: user.id, email: user.email, role: user.role, active: user.active }}
                    isSelf={user.id === operator.id}
                    singleSignOnIssuer={singleSignOnIssuer}
                  />
                </Cell>
              )}
            </Row>
          );
        })}
      </Table>
      {isAdmin ? (
        <div id="add-operator" className="mt-8 max-w-2xl scroll-mt-20">
          <Card title="Add an operator" description="They sign in with this e-mail and the initial password you give them.">
            <AddUserForm />
          </Card>
        </div>
      ) : (
        <p className="mt-6 text-sm text-muted-foreground">Only admins add operators or change roles.</p>
      )}
    </>
  );
}
