import Link from "next/link";
import { Cell } from "@/components/ui/table";
import { cn } from "@/components/ui/cn";

/**
 * The first cell of a tool row: the name as a link and two lines of description. `actionRoom`
 * keeps space on phone cards for the row's action, which sits at the card's top right.
 */
export function ToolNameCell({ name, description, href, actionRoom }: { name: string; description: string; href: string; actionRoom: "menu" | "button" }) {
  return (
    <Cell className="max-w-md">
      <div className={cn("min-w-0 md:pr-0", actionRoom === "menu" ? "pr-10" : "pr-16")}>
        <Link href={href} className="font-mono text-sm font-medium break-all text-accent-foreground hover:underline">
          {name}
        </Link>
        <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground" title={description}>
          {description}
        </p>
      </div>
    </Cell>
  );
}
