import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { credentialChoices } from "@/components/tool-form/credential-choices";
import { ToolEditor } from "@/components/tool-form/tool-editor";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";
import { getTool } from "@/lib/catalog";
import { slotIdentity } from "@/lib/secrets";
import { listCredentialOutlines } from "@/lib/credentials/server";

type Params = Promise<{ name: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Edit ${(await params).name}` };
}

/** The editor on a stored tool; viewers get the same page read-only. Masks only, never values. */
export default async function EditToolPage({ params }: { params: Params }) {
  const operator = await requirePageOperator();
  const { name } = await params;
  const tool = await getTool(name);
  if (!tool) notFound();
  const canEdit = hasRole(operator.role, "editor");
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: "Tools", href: "/tools" }, { label: tool.name, href: `/tools/${tool.name}` }, { label: "Edit" }]}
        title={canEdit ? `Edit ${tool.name}` : tool.name}
        meta={<Badge>v{tool.version}</Badge>}
        description={canEdit ? "Changes are checked as you type and saved as a new revision." : "Read-only: viewers cannot change tools."}
      />
      <ToolEditor
        key={tool.version}
        initial={tool.definition}
        stored={{ name: tool.name, version: tool.version }}
        masks={Object.fromEntries(tool.secrets.map((secret) => [slotIdentity(secret.header), secret.mask]))}
        readOnly={!canEdit}
        credentials={canEdit ? credentialChoices(await listCredentialOutlines()) : []}
      />
    </>
  );
}
