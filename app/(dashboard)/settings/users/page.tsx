import type { Metadata } from "next";
import { AddUserForm } from "@/components/users/add-user-form";
import { UserControls } from "@/components/users/user-controls";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { Table } from "@/components/ui/table";
import { hasRole, ROLE_DESCRIPTIONS, ROLES } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { listUsers } from "@/lib/db/users";

export const metadata: Metadata = { title: "Operators" };

export default async function UsersPage() {
  const operator = await requirePageOperator();
  const users = await listUsers();
  const isAdmin = hasRole(operator.role, "admin");

  return (
    <>
      <PageHeader title="Operators" description="Who can sign in to this console, and what each of them may do." />
      <dl className="mb-6 grid gap-3 sm:grid-cols-3">
        {ROLES.map((role) => (
          <div key={role} className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
            <dt className="text-sm font-medium capitalize">{role}</dt>
            <dd className="text-xs text-zinc-600 dark:text-zinc-400">{ROLE_DESCRIPTIONS[role]}</dd>
          </div>
        ))}
      </dl>
      <Table
        caption="Operators"
        columns={[{ label: "Operator" }, { label: "Role" }, { label: "Status" }, ...(isAdmin ? [{ label: "Actions", srOnly: true }] : [])]}
      >
            {users.map((user) => (
              <tr key={user.id} aria-label={user.email}>
                <td className="px-4 py-3">
                  <span className="block font-medium">{user.name}</span>
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400">{user.email}</span>
                </td>
                <td className="px-4 py-3"><Badge tone="accent">{user.role}</Badge></td>
                <td className="px-4 py-3">
                  {user.active ? <Badge tone="success">active</Badge> : <Badge tone="warning">deactivated</Badge>}
                </td>
                {isAdmin && (
                  <td className="px-4 py-3">
                    <UserControls user={{ id: user.id, email: user.email, role: user.role, active: user.active }} isSelf={user.id === operator.id} />
                  </td>
                )}
              </tr>
            ))}
      </Table>
      {isAdmin ? (
        <section aria-labelledby="add-operator" className="mt-8 max-w-xl">
          <h2 id="add-operator" className="mb-3 text-lg font-semibold">Add an operator</h2>
          <AddUserForm />
        </section>
      ) : (
        <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">Only admins add operators or change roles.</p>
      )}
    </>
  );
}
