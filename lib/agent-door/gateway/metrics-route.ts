import "server-only";

/**
 * `GET /api/v1/metrics`: the process's Prometheus metrics (lib/observability/metrics.ts) for a
 * scraper presenting `QUIVER_METRICS_TOKEN` as `Authorization: Bearer …`. Without that variable
 * the path is not served (404, the door's usual answer for an unknown path); a missing or wrong
 * token is 401. Each instance (the app, each gateway) serves its own figures: scrape them all.
 */
import { renderMetrics } from "../../observability/metrics";
import { metricsTokenFromEnv, metricsTokenMatches } from "../../observability/metrics-token";
import { bearerToken } from "../auth";
import { agentError, agentErrorResponse, unknownDoorPath } from "../errors";

export async function serveMetrics(request: Request): Promise<Response> {
  const expected = metricsTokenFromEnv(process.env);
  if (expected === null) return agentErrorResponse(unknownDoorPath());
  const presented = bearerToken(request.headers.get("authorization"));
  if (presented === null || !metricsTokenMatches(presented, expected)) {
    return agentErrorResponse(agentError("unauthorized", "Send the metrics token (QUIVER_METRICS_TOKEN) as Authorization: Bearer <token>."), {
      "WWW-Authenticate": 'Bearer realm="quiver-metrics"',
    });
  }
  const { text, contentType } = await renderMetrics();
  return new Response(text, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
}
