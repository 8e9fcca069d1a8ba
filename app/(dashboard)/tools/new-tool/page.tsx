import type { Metadata } from "next";
import { CurlDialog } from "@/components/importers/curl-dialog";
import { credentialChoices } from "@/components/tool-form/credential-choices";
import { ToolEditor } from "@/components/tool-form/tool-editor";
import { PageHeader } from "@/components/ui/page-header";
import { firstParam, type SearchParamValue } from "@/lib/actions/search-params";
import { hasRole } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";
import { getTool } from "@/lib/catalog";
import { listCredentialOutlines } from "@/lib/credentials/server";
import { curlDraftForEditor } from "@/lib/imports";

export const metadata: Metadata = { title: "New tool" };

/**
 * A blank tool, with `?from=NAME` a clone of one (its secret values are never copied), or with
 * `?curl=HANDLE` the draft made from a pasted curl command (its pasted secrets stay on the server).
 */
export default async function NewToolPage({ searchParams }: { searchParams: Promise<Record<string, SearchParamValue>> }) {
  const operator = await requirePageOperator();
  const params = await searchParams;
  const from = firstParam(params.from);
  const curlHandle = firstParam(params.curl);
  const source = from ? await getTool(from) : null;
  const pasted = curlHandle ? curlDraftForEditor(curlHandle, operator.id) : null;
  const initial = source ? { ...source.definition, name: `${source.name}_copy`.slice(0, 64) } : (pasted?.definition ?? null);
  const canEdit = hasRole(operator.role, "editor");
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: "Tools", href: "/tools" }, { label: source ? `Clone of ${source.name}` : "New tool" }]}
        title={source ? `Clone ${source.name}` : "New tool"}
        actions={canEdit && !source ? <CurlDialog /> : undefined}
        description={
          canEdit
            ? source
              ? "A copy of every setting under a new name. Secret values are not copied: enter them for the clone."
              : "Describe an HTTP call, the parameters a model fills and what it gets back."
            : "Viewers can look at the editor but not save: ask an editor."
        }
      />
      {curlHandle && !pasted && <p role="status" className="mb-4 text-sm text-warning-foreground">The curl draft has expired (drafts are kept 30 minutes): paste the command again.</p>}
      <ToolEditor key={pasted ? curlHandle : "blank"} initial={initial} stored={null} masks={pasted?.masks ?? {}} readOnly={!canEdit} pastedHandle={pasted ? curlHandle : undefined} credentials={canEdit ? credentialChoices(await listCredentialOutlines()) : []} />
    </>
  );
}
