import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { INPUT_LIMITS } from "@/lib/actions/input-limits";
import { firstParam, type SearchParamValue } from "@/lib/actions/search-params";
import { describeSignInError, safeDestination } from "@/lib/operators";
import { getCurrentOperator } from "@/lib/operators/session";
import { singleSignOnLabel } from "@/lib/setup";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, SearchParamValue>> }) {
  const params = await searchParams;
  const destination = safeDestination(firstParam(params.callbackUrl, INPUT_LIMITS.url));
  if (await getCurrentOperator()) redirect(destination);
  const singleSignOn = singleSignOnLabel();

  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border bg-surface p-6 shadow-sm sm:p-8">
        <div className="mb-6">
          <p className="text-sm font-semibold tracking-wide text-accent-foreground">Quiver</p>
          <h1 className="mt-1 text-xl font-semibold">Sign in to the operator console</h1>
        </div>
        <LoginForm destination={destination} singleSignOn={singleSignOn} initialError={describeSignInError(firstParam(params.error))} />
      </div>
    </main>
  );
}
