import { FileQuestion } from "lucide-react";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";

/** The friendly 404: what may have happened, and a way back. No internals. */
export function NotFoundContent() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <FileQuestion aria-hidden className="size-6" />
      </span>
      <p className="text-sm font-semibold text-accent-foreground">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">This page does not exist</h1>
      <p className="max-w-md text-sm text-muted-foreground">The link may be old, or the tool or persona may have been renamed or deleted.</p>
      <Link href="/tools" className={buttonVariants({ variant: "secondary" })}>
        Back to tools
      </Link>
    </div>
  );
}
