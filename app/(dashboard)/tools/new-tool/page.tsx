import type { Metadata } from "next";
import { ToolEditor } from "@/components/tool-form/tool-editor";
import { PageHeader } from "@/components/ui/page-header";
import { firstParam, type SearchParamValue } from "@/lib/actions/search-params";
import { hasRole } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { getTool } from "@/lib/db/tools";

export const metadata: Metadata = { title: "New tool" };

/** A blank tool, or with `?from=NAME` a clone of one (its secret values are never copied). */
export default async function NewToolPage({ searchParams }: { searchParams: Promise<Record<string, SearchParamValue>> }) {
  const operator = await requirePageOperator();
  const from = firstParam((await searchParams).from);
  const source = from ? await getTool(from) : null;
  const initial = source ? { ...source.definition, name: `${source.name}_copy`.slice(0, 64) } : null;
  const canEdit = hasRole(operator.role, "editor");
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: "Tools", href: "/tools" }, { label: source ? `Clone of ${source.name}` : "New tool" }]}
        title={source ? `Clone ${source.name}` : "New tool"}
        description={
          canEdit
            ? source
              ? "A copy of every setting under a new name. Secret values are not copied: enter them for the clone."
              : "Describe an HTTP call, the parameters a model fills and what it gets back."
            : "Viewers can look at the editor but not save: ask an editor."
        }
      />
      <ToolEditor initial={initial} stored={null} masks={{}} readOnly={!canEdit} />
    </>
  );
}
