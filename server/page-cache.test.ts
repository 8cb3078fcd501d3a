import express from "express";
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCacheHits, pageCacheKey, pageCacheStore, PAGE_CACHE_TTL_MS, type CachedPage, type PageCacheStore } from "./page-cache";

const request = (path: string, headers: Record<string, string> = {}) => ({ method: "GET", path: path.split("?")[0]!, originalUrl: path, headers }) as never;

describe("pageCacheKey", () => {
  it("shares anonymous public pages per path, language and cookies that change them", () => {
    expect(pageCacheKey(request("/"))).not.toBeNull();
    expect(pageCacheKey(request("/services/notary?lng=ar"))).not.toBeNull();
    // The contact page's form: the empty form is the same for everyone; its answers are POSTs.
    expect(pageCacheKey(request("/contact"))).not.toBeNull();
    expect(pageCacheKey(request("/", { cookie: "theme=a" }))).not.toBe(pageCacheKey(request("/", { cookie: "theme=b" })));
    expect(pageCacheKey(request("/", { "accept-language": "fr" }))).not.toBe(pageCacheKey(request("/", { "accept-language": "ar" })));
    expect(pageCacheKey(request("/", { cookie: "_ga=1" }))).toBe(pageCacheKey(request("/")));
  });

  it("never shares personal, one-off or non-public answers", () => {
    expect(pageCacheKey(request("/", { cookie: "firm_auth_token=x" }))).toBeNull();
    expect(pageCacheKey(request("/", { cookie: "toast=x" }))).toBeNull();
    for (const path of ["/client", "/dashboard", "/api/health", "/login", "/resources/theme"]) {
      expect(pageCacheKey(request(path)), path).toBeNull();
    }
    expect(pageCacheKey({ ...(request("/") as object), method: "POST" } as never)).toBeNull();
    expect(pageCacheKey({ ...(request("/contact") as object), method: "POST" } as never)).toBeNull();
  });
});

describe("pageCacheHits and pageCacheStore", () => {
  const pages = new Map<string, CachedPage>();
  let clock = 1_000_000;
  let renders = 0;
  let nonces = 0;
  let base = "";
  let server: ReturnType<ReturnType<typeof express>["listen"]>;

  beforeAll(async () => {
    const app = express();
    const store: PageCacheStore = { get: (key) => pages.get(key), set: (key, page) => pages.set(key, page) };
    app.use(pageCacheHits(store, { now: () => clock, onHit: (_req, res) => res.setHeader("X-Request-Id", "hit") }));
    // Stands for the request log and helmet: per-request headers and the render's security headers.
    app.use((_req, res, next) => {
      res.locals.cspNonce = `n${++nonces}`;
      res.setHeader("X-Request-Id", `r${nonces}`);
      res.setHeader("X-Frame-Options", "SAMEORIGIN");
      res.setHeader("Content-Security-Policy", `default-src 'self'; script-src 'self' 'nonce-${res.locals.cspNonce}'`);
      next();
    });
    app.use(pageCacheStore(store, () => clock));
    app.get("/", (_req, res) => {
      renders++;
      res.type("html");
      res.write(`<script nonce="${res.locals.cspNonce}">1</script>`);
      res.end(`<p>render ${renders}</p>`);
    });
    app.get("/services", (_req, res) => {
      renders++;
      res.setHeader("Set-Cookie", "lng=fr");
      res.type("html").send("<p>with a cookie</p>");
    });
    server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("serves the second request from memory: the same bytes, its scripts allowed by hash", async () => {
    const first = await fetch(`${base}/`);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(await first.text()).toBe('<script nonce="n1">1</script><p>render 1</p>');
    const second = await fetch(`${base}/`, { headers: { "accept-encoding": "identity" } });
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe('<script nonce="n1">1</script><p>render 1</p>');
    const hash = createHash("sha256").update("1").digest("base64");
    expect(second.headers.get("content-security-policy")).toBe(`default-src 'self'; script-src 'self' 'sha256-${hash}'`);
    // The render's other headers come back; those of one response do not, but onHit adds its own.
    expect(second.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(second.headers.get("cache-control")).toBe("no-cache");
    expect(second.headers.get("x-request-id")).toBe("hit");
    expect(renders).toBe(1);
    expect(nonces).toBe(1);
  });

  it("sends a hit compressed once, as the client accepts", async () => {
    const response = await fetch(`${base}/`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("x-page-cache")).toBe("hit");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(await response.text()).toBe('<script nonce="n1">1</script><p>render 1</p>');
    expect(renders).toBe(1);
  });

  it("renders again after the time to live, and after the store is cleared", async () => {
    clock += PAGE_CACHE_TTL_MS + 1;
    expect(await (await fetch(`${base}/`)).text()).toContain("render 2");
    pages.clear();
    expect(await (await fetch(`${base}/`)).text()).toContain("render 3");
  });

  it("does not keep answers that set cookies", async () => {
    await fetch(`${base}/services`);
    const again = await fetch(`${base}/services`);
    expect(again.headers.get("x-page-cache")).toBe("miss");
  });
});
