import { requireRole } from "@/lib/operators/session";
import { ForbiddenError, NotFoundError } from "@/lib/errors";
import { exportTools } from "@/lib/catalog";

/**
 * GET /tools/export.json — the export document of every stored tool, or of those named by
 * `?name=a&name=b`, as a download. Secret values are never in it (exportTools).
 */
export async function GET(request: Request): Promise<Response> {
  const names = new URL(request.url).searchParams.getAll("name").filter((name) => name !== "");
  try {
    await requireRole("viewer");
    const document = await exportTools(names.length === 0 ? "all" : names);
    return new Response(`${JSON.stringify(document, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName(names)}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof ForbiddenError) return Response.json({ error: error.message }, { status: 403 });
    if (error instanceof NotFoundError) return Response.json({ error: error.message }, { status: 404 });
    throw error;
  }
}

/** `<name>.json` for one tool (names are safe in a header: ^[a-z][a-z0-9_]*$), else dated. */
function fileName(names: readonly string[]): string {
  if (names.length === 1 && /^[a-z][a-z0-9_]*$/.test(names[0]!)) return `${names[0]}.json`;
  return `quiver-tools-${new Date().toISOString().slice(0, 10)}.json`;
}
