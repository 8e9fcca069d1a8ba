import { ChangePasswordForm } from "@/components/users/change-password-form";
import type { Operator } from "@/lib/operators/session";
import { SignOutButton } from "./sign-out-button";

/**
 * The account page while an admin's reset is pending (lib/operators/access-gate.ts): only the password
 * change, framed like the sign-in page, since every other page sends the operator here.
 */
export function PasswordChangeRequired({ operator }: { operator: Operator }) {
  return (
    <div className="w-full max-w-sm rounded-xl border bg-surface p-6 shadow-sm sm:p-8">
      <div className="mb-6">
        <p className="text-sm font-semibold tracking-wide text-accent-foreground">Quiver</p>
        <h1 className="mt-1 text-xl font-semibold">Choose a new password</h1>
        <p className="mt-2 text-sm">An admin reset your password. Choose a new one to continue.</p>
        <p className="mt-2 text-sm break-words text-muted-foreground">
          Signed in as <span data-testid="operator-name">{operator.name}</span> ({operator.email}). Your current password is the one the admin gave
          you.
        </p>
      </div>
      <ChangePasswordForm />
      <div className="mt-6 border-t pt-4">
        <SignOutButton />
      </div>
    </div>
  );
}
