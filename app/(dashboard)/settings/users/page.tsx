import type { Metadata } from "next";
import { AddUserForm } from "@/components/users/add-user-form";
import { UserControls } from "@/components/users/user-controls";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
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
      <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Operators</caption>
          <thead className="bg-zinc-100 text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            <tr>
              <th scope="col" className="px-4 py-2">Operator</th>
              <th scope="col" className="px-4 py-2">Role</th>
              <th scope="col" className="px-4 py-2">Status</th>
              {isAdmin && <th scope="col" className="px-4 py-2"><span className="sr-only">Actions</span></th>}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
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
          </tbody>
        </table>
      </div>
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
