"use client";

import { Copy, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { deleteToolAction } from "@/lib/catalog/actions";
import { Button, buttonVariants } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toaster";

/** Edit (the page's primary action), Clone and Delete for a data-defined tool; editors and admins only. */
export function ToolActions({ name, version }: { name: string; version: number }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const remove = () =>
    startTransition(async () => {
      const result = await deleteToolAction(name, version);
      if (!result.ok) {
        toast.error(result.message);
        return;
      }
      setConfirming(false);
      toast.success(result.message ?? `Deleted ${name}.`);
      router.push("/tools");
    });
  return (
    <>
      <Button variant="ghost" onClick={() => setConfirming(true)} className="text-danger-foreground">
        <Trash2 aria-hidden /> Delete
      </Button>
      <Link href={`/tools/new-tool?from=${name}`} className={buttonVariants({ variant: "secondary" })}>
        <Copy aria-hidden /> Clone
      </Link>
      <Link href={`/tools/${name}/edit`} className={buttonVariants()}>
        <Pencil aria-hidden /> Edit
      </Link>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${name}?`}
        description="The tool, its whole history and its stored secrets are removed. Personas that name it will list it as stale. This cannot be undone."
        confirmLabel="Delete tool"
        typedConfirmation={name}
        onConfirm={remove}
        pending={pending}
      />
    </>
  );
}
