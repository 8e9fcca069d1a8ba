/**
 * Proves the leak guard itself works in a real browser: against a throwaway loopback server (not
 * the app — no test-only route ships), a page whose responses carry a seeded secret must be
 * caught in the form it took, and a page showing only masks must pass. The tests that leak set
 * `leakGuardExpects`: the guard then fails them unless it found a leak in exactly that form.
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
  "/token": { type: "text/html", body: `<p>${SEEDED_SECRETS.ordersApiToken}</p>` },
  "/escaped.json": { type: "application/json", body: JSON.stringify({ note: secret }) },
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

test.describe("plain", () => {
  test.use({ leakGuardExpects: ["plain"] });
  test("a secret as plain text in HTML is caught", async ({ page }) => {
    await page.goto(`${base}/token`);
  });
});

test.describe("html-escaped", () => {
  test.use({ leakGuardExpects: ["html-escaped"] });
  test("a secret HTML-escaped in a page is caught", async ({ page }) => {
    await page.goto(`${base}/plain`);
  });
});

test.describe("json-escaped", () => {
  test.use({ leakGuardExpects: ["json-escaped"] });
  test("a secret JSON-escaped in a response is caught", async ({ page }) => {
    await page.goto(`${base}/escaped.json`);
  });
});

test.describe("base64", () => {
  test.use({ leakGuardExpects: ["base64"] });
  test("a secret base64-encoded inside a fetched JSON body is caught", async ({ page }) => {
    const fetched = page.waitForResponse(/\/json$/);
    await page.goto(`${base}/fetching`);
    await fetched;
  });
});

test.describe("url-encoded", () => {
  test.use({ leakGuardExpects: ["url-encoded"] });
  test("a URL-encoded secret is caught", async ({ page }) => {
    await page.goto(`${base}/url-encoded`);
  });
});

test.describe("api", () => {
  test.use({ leakGuardExpects: ["base64"] });
  test("a secret in an API response is caught", async ({ request }) => {
    await request.get(`${base}/json`);
  });
});
