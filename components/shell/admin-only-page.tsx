import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader, type Crumb } from "@/components/ui/page-header";

/**
 * What an admin-only settings page shows an editor or viewer: its header as admins see it, and why
 * there is nothing more (`children`: the role they have and whom to ask).
 */
export function AdminOnlyPage({ breadcrumbs, title, description, refusal, children }: {
  readonly breadcrumbs: readonly Crumb[];
  readonly title: string;
  readonly description: ReactNode;
  /** The empty state's title, e.g. "Only admins manage API keys". */
  readonly refusal: string;
  readonly children: ReactNode;
}) {
  return (
    <>
      <PageHeader breadcrumbs={breadcrumbs} title={title} description={description} />
      <EmptyState icon={ShieldAlert} title={refusal}>
        {children}
      </EmptyState>
    </>
  );
}
