import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">404</p>
      <h1 className="text-2xl font-semibold">This page does not exist</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">The link may be old, or the tool or persona may have been renamed or deleted.</p>
      <Link href="/tools" className={buttonClasses("secondary")}>
        Back to tools
      </Link>
    </main>
  );
}
