import type { Metadata } from "next";
import { CurlDialog } from "@/components/importers/curl-dialog";
import { OpenApiImport } from "@/components/importers/openapi-import";
import { ImportToolsForm } from "@/components/tool-transfer/import-tools-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs } from "@/components/ui/tabs";
import { hasRole } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";

export const metadata: Metadata = { title: "Import tools" };

/** Import from a Quiver export, an OpenAPI / Swagger document or Postman collection, or (through the editor) a curl command. */
export default async function ImportToolsPage() {
  const operator = await requirePageOperator();
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: "Tools", href: "/tools" }, { label: "Import" }]}
        title="Import tools"
        description="Check first: each tool is listed as new, existing or invalid. The import then writes every tool, or none."
      />
      {hasRole(operator.role, "editor") ? (
        <Tabs
          label="Import from"
          panels={[
            { value: "export", label: "Quiver export", content: <ImportToolsForm /> },
            { value: "openapi", label: "OpenAPI or Postman", content: <OpenApiImport /> },
            {
              value: "curl",
              label: "curl",
              content: (
                <Card title="From a curl command" description="Paste a command as copied from a browser's developer tools or API docs: it becomes a draft in the tool editor, where you turn values into parameters and save.">
                  <CurlDialog />
                </Card>
              ),
            },
          ]}
        />
      ) : (
        <Card title="Editors import tools">
          <p className="text-sm text-muted-foreground">You are signed in as {operator.role}: importing tools needs the editor role. You can still export them from the tool list.</p>
        </Card>
      )}
    </>
  );
}
