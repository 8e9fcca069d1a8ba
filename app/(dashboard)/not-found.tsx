import { NotFoundContent } from "@/components/shell/not-found-content";

export default function DashboardNotFound() {
  return <NotFoundContent />;
}
