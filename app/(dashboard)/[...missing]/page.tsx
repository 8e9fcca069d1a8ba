import { notFound } from "next/navigation";

/** Any address no page answers: the 404, inside the dashboard shell so the operator keeps their bearings. */
export default function MissingPage() {
  notFound();
}
