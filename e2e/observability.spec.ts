/**
 * Metrics through the one-port server (issue 29): the dashboard (Next.js's bundles) and the
 * agents' door (the server's own copy of lib/) count into one registry, so a sign-in refused in
 * the browser shows in the scrape the door serves at /api/v1/metrics; a scrape without the token
 * is refused.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { parsePrometheusText, sampleValue } from "../lib/observability/test-support/prometheus-text";
import { WRONG_CREDENTIALS } from "../lib/operators/sign-in/sign-in-errors";
import { E2E_METRICS_TOKEN } from "./support/environment";
import { signInThroughForm } from "./support/sign-in";

const scrape = async (request: APIRequestContext) => {
  const response = await request.get("/api/v1/metrics", { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(response.status()).toBe(200);
  return parsePrometheusText(await response.text()).samples;
};

test.use({ storageState: { cookies: [], origins: [] } });

test("a sign-in refused in the browser is counted in the metrics the door serves", async ({ page, request }) => {
  const failures = { method: "password", reason: "wrong_credentials" };
  const before = sampleValue(await scrape(request), "quiver_sign_in_failures_total", failures);
  await signInThroughForm(page, "metrics-probe@e2e.quiver.test", "not-the-password-1");
  await expect(page.getByRole("status")).toHaveText(WRONG_CREDENTIALS);
  expect(sampleValue(await scrape(request), "quiver_sign_in_failures_total", failures) - before).toBe(1);
});

test("the metrics are refused without the token, and name no secret", async ({ request }) => {
  const refused = await request.get("/api/v1/metrics");
  expect(refused.status()).toBe(401);
  expect((await request.get("/api/v1/metrics", { headers: { authorization: "Bearer e2e-wrong-token-0000000000" } })).status()).toBe(401);
  const samples = await scrape(request);
  expect(samples.some((sample) => sample.name === "quiver_door_requests_total")).toBe(true);
});
