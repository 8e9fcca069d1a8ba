import type { Metadata } from "next";
import { ImportToolsForm } from "@/components/tool-transfer/import-tools-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Import tools" };

export default async function ImportToolsPage() {
  const operator = await requirePageOperator();
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: "Tools", href: "/tools" }, { label: "Import" }]}
        title="Import tools"
        description="Check a document first: each tool is listed as new, existing or invalid. The import then writes every tool, or none."
      />
      {hasRole(operator.role, "editor") ? (
        <ImportToolsForm />
      ) : (
        <Card title="Editors import tools">
          <p className="text-sm text-muted-foreground">You are signed in as {operator.role}: importing tools needs the editor role. You can still export them from the tool list.</p>
        </Card>
      )}
    </>
  );
}
