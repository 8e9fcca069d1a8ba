/**
 * Proves the leak guard itself works in a real browser: against a throwaway loopback server (not
 * the app — no test-only route ships), a page whose responses carry a seeded secret in any form
 * must fail the test, and a page showing only masks must pass. `test.fail()` marks the tests
 * that are expected to fail: if the guard missed the leak, they would pass and be reported.
 */
import { createServer, type Server } from "node:http";
import { maskSecret } from "../lib/secrets/mask";
import { expect, test } from "./fixtures/test";
import { SEEDED_SECRETS } from "./fixtures/seeded-secrets";

const secret = SEEDED_SECRETS.crmPassword;
let server: Server;
let base = "";

const pages: Record<string, { type: string; body: string }> = {
  "/clean": { type: "text/html", body: `<p>token ${maskSecret(secret)}</p>` },
  "/plain": { type: "text/html", body: `<p>${secret.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}</p>` },
  "/json": { type: "application/json", body: JSON.stringify({ auth: Buffer.from(`crm:${secret}`).toString("base64") }) },
  "/fetching": { type: "text/html", body: "<script>fetch('/json')</script><p>loading</p>" },
  "/url-encoded": { type: "text/html", body: `<a href="/x?key=${encodeURIComponent(secret)}">link</a>` },
};

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const page = pages[request.url ?? ""];
    response.statusCode = page ? 200 : 404;
    response.setHeader("content-type", page?.type ?? "text/plain");
    response.end(page?.body ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("a page showing only the mask passes", async ({ page }) => {
  await page.goto(`${base}/clean`);
  await expect(page.getByText("token")).toBeVisible();
});

test("a secret in HTML fails the test", async ({ page }) => {
  test.fail();
  await page.goto(`${base}/plain`);
});

test("a secret base64-encoded inside a fetched JSON body fails the test", async ({ page }) => {
  test.fail();
  const fetched = page.waitForResponse(/\/json$/);
  await page.goto(`${base}/fetching`);
  await fetched;
});

test("a URL-encoded secret fails the test", async ({ page }) => {
  test.fail();
  await page.goto(`${base}/url-encoded`);
});

test("a secret in an API response fails the test", async ({ request }) => {
  test.fail();
  await request.get(`${base}/json`);
});
