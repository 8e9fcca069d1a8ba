import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert, CircleCheck, CircleDashed, CircleMinus, CircleX, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

const badgeVariants = cva("inline-flex max-w-full items-center gap-1 truncate rounded-md border px-1.5 py-0.5 text-xs font-medium [&_svg]:size-3 [&_svg]:shrink-0", {
  variants: {
    tone: {
      neutral: "border-border bg-muted text-muted-foreground",
      accent: "border-transparent bg-accent text-accent-foreground",
      success: "border-transparent bg-success-subtle text-success-foreground",
      warning: "border-transparent bg-warning-subtle text-warning-foreground",
      danger: "border-transparent bg-danger-subtle text-danger-foreground",
      info: "border-transparent bg-info-subtle text-info-foreground",
    },
  },
  defaultVariants: { tone: "neutral" },
});

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>["tone"]>;

/** A small label: a role, a tag, a method. */
export function Badge({ tone, className, children, title }: { tone?: BadgeTone; className?: string; children: ReactNode; title?: string }) {
  return (
    <span className={cn(badgeVariants({ tone }), className)} title={title}>
      {children}
    </span>
  );
}

export type Status = "success" | "warning" | "danger" | "neutral" | "pending";

const STATUS: Record<Status, { tone: BadgeTone; icon: LucideIcon }> = {
  success: { tone: "success", icon: CircleCheck },
  warning: { tone: "warning", icon: CircleAlert },
  danger: { tone: "danger", icon: CircleX },
  neutral: { tone: "neutral", icon: CircleMinus },
  pending: { tone: "info", icon: CircleDashed },
};

/** A status as icon plus label, so it never rests on colour alone. */
export function StatusBadge({ status, children, title }: { status: Status; children: ReactNode; title?: string }) {
  const { tone, icon: Icon } = STATUS[status];
  return (
    <Badge tone={tone} title={title}>
      <Icon aria-hidden />
      {children}
    </Badge>
  );
}
