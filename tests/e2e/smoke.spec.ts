import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./fixtures";

test("the home page and the health check answer @mobile", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", db: "ok", version: expect.any(String) });

  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  // Fresh renders carry a per-request nonce; page-cache hits allow their scripts by hash.
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' ('nonce-[A-Za-z0-9+/=]+'|'sha256-)/);
  const login = await page.goto("/login");
  expect(login?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
});

test("fingerprinted assets are cached for a year; pages without a bundle inline the stylesheet", async ({ page, request }) => {
  await page.goto("/");
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
  expect(await page.locator("head style").first().textContent()).toContain("--primary");
  // The sign-in screen hydrates: it links the stylesheet.
  await page.goto("/login");
  const href = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  expect(href).toMatch(/^\/build\//);
  const asset = await request.get(href!);
  expect(asset.headers()["cache-control"]).toContain("immutable");
  expect(asset.headers()["cache-control"]).toContain("max-age=31536000");
});

test("personal and sign-in pages keep other sites' windows away (COOP); the anonymous public pages go without it", async ({ page, context, request }) => {
  for (const path of ["/login", "/register", "/forgot-password"]) {
    const response = await request.get(path);
    expect(response.headers()["cross-origin-opener-policy"], path).toBe("same-origin");
  }
  await signIn(context, DEMO.client);
  const area = await page.goto("/client");
  expect(area?.url()).toMatch(/\/client$/);
  expect(area?.headers()["cross-origin-opener-policy"]).toBe("same-origin");
  // A fresh render and a page-cache hit alike (docs/decisions/006).
  for (const path of ["/", "/", "/services", "/contact", "/privacyPolicy"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cross-origin-opener-policy"], path).toBeUndefined();
  }
});
