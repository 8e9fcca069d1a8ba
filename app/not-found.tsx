import { NotFoundContent } from "@/components/shell/not-found-content";

export default function NotFound() {
  return (
    <main>
      <NotFoundContent />
    </main>
  );
}
