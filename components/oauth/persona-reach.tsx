import { Badge } from "@/components/ui/badge";
import type { PersonaOffer } from "@/lib/agent-door/oauth";

const tools = (count: number) => `${count} tool${count === 1 ? "" : "s"}`;

/** What a persona would let an app reach: its effective tools, read-only and side-effecting. */
export function PersonaReach({ offer }: { offer: PersonaOffer }) {
  const total = offer.readOnlyTools + offer.sideEffectingTools;
  return (
    <span className="grid gap-1">
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium">{offer.name}</span>
        <Badge className="font-mono">{offer.slug}</Badge>
      </span>
      <span className="text-xs text-muted-foreground">
        {tools(total)}: {offer.readOnlyTools} read-only, {offer.sideEffectingTools} side-effecting
        {offer.sideEffectingTools > 0 ? " (they can change data or send things)" : ""}
      </span>
    </span>
  );
}
