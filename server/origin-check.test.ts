import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isForeignMutation, originCheck } from "./origin-check";

const app = "http://localhost:3000";
const request = (method: string, headers: Record<string, string>, path = "/api/reports") => ({ method, headers, protocol: "http", path }) as never;

describe("isForeignMutation", () => {
  it("lets reads and same-origin posts through", () => {
    expect(isForeignMutation(request("GET", { cookie: "a=b", origin: "https://evil.test" }), app)).toBe(false);
    expect(isForeignMutation(request("POST", { cookie: "a=b", origin: app, host: "localhost:3000" }), app)).toBe(false);
    expect(isForeignMutation(request("POST", { cookie: "a=b", origin: "http://127.0.0.1:4000", host: "127.0.0.1:4000" }), app)).toBe(false);
    expect(isForeignMutation(request("POST", { origin: app, host: "localhost:3000" }, "/resources/theme"), app)).toBe(false);
    expect(isForeignMutation(request("POST", { host: "localhost:3000" }, "/contact"), app)).toBe(false);
  });

  it("refuses a cookie-carrying post from another site", () => {
    expect(isForeignMutation(request("POST", { cookie: "a=b", origin: "https://evil.test", host: "localhost:3000" }), app)).toBe(true);
    expect(isForeignMutation(request("DELETE", { cookie: "a=b", "sec-fetch-site": "cross-site", host: "localhost:3000" }), app)).toBe(true);
    expect(isForeignMutation(request("POST", { cookie: "a=b", origin: "null", host: "localhost:3000" }), app)).toBe(true);
  });

  it("does not concern API requests without cookies (bearer tokens)", () => {
    expect(isForeignMutation(request("POST", { origin: "https://evil.test", authorization: "Bearer x" }), app)).toBe(false);
    expect(isForeignMutation(request("POST", { origin: "null", authorization: "Bearer x" }), app)).toBe(false);
  });

  it("refuses cross-site posts to pages and resource routes even without cookies (consent, theme, language)", () => {
    for (const path of ["/resources/cookie-consent", "/resources/theme", "/resources/language", "/contact", "/login"]) {
      expect(isForeignMutation(request("POST", { origin: "https://evil.test", host: "localhost:3000" }, path), app), path).toBe(true);
      expect(isForeignMutation(request("POST", { "sec-fetch-site": "cross-site", host: "localhost:3000" }, path), app), path).toBe(true);
      expect(isForeignMutation(request("POST", { origin: "null", host: "localhost:3000" }, path), app), path).toBe(true);
    }
  });

  it("takes the host from X-Forwarded-Host only when the proxy is trusted", () => {
    const forged = request("POST", { cookie: "a=b", origin: "https://evil.test", host: "localhost:3000", "x-forwarded-host": "evil.test" });
    // Untrusted: the caller passes no forwarded host, so the header is ignored.
    expect(isForeignMutation({ ...(forged as object), protocol: "https" } as never, app)).toBe(true);
    expect(isForeignMutation({ ...(forged as object), protocol: "https" } as never, app, "evil.test")).toBe(false);
  });
});

describe("originCheck over HTTP", () => {
  let server: ReturnType<ReturnType<typeof express>["listen"]>;
  let base = "";
  const start = async (trustProxy: boolean) => {
    const web = express();
    web.set("trust proxy", trustProxy);
    web.use(originCheck("http://portal.example"));
    web.all("*", (_req, res) => res.json({ ok: true }));
    server = web.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));

  describe("with TRUST_PROXY off", () => {
    beforeAll(() => start(false));
    afterAll(stop);

    it("ignores X-Forwarded-Host: a forged one does not make a foreign origin same-site", async () => {
      const forged = await fetch(`${base}/api/reports`, {
        method: "POST",
        headers: { cookie: "firm_auth_token=x", origin: "http://evil.test", "x-forwarded-host": "evil.test" },
      });
      expect(forged.status).toBe(403);
      expect(forged.headers.get("content-type")).toMatch(/application\/json/);
      expect(await forged.json()).toEqual({ message: "Cross-site request refused." });
      const same = await fetch(`${base}/api/reports`, { method: "POST", headers: { cookie: "firm_auth_token=x", origin: base } });
      expect(same.status).toBe(200);
    });

    it("refuses a cookieless cross-site post to the theme route with a 403, and an opaque origin too", async () => {
      for (const origin of ["http://evil.test", "null"]) {
        const response = await fetch(`${base}/resources/theme`, { method: "POST", headers: { origin }, body: new URLSearchParams({ theme: "dark" }) });
        expect(response.status, origin).toBe(403);
      }
    });
  });

  describe("with TRUST_PROXY on", () => {
    beforeAll(() => start(true));
    afterAll(stop);

    it("believes the proxy's X-Forwarded-Host", async () => {
      const response = await fetch(`${base}/resources/language`, {
        method: "POST",
        headers: { origin: "http://public.example", "x-forwarded-host": "public.example" },
        body: new URLSearchParams({ lng: "fr" }),
      });
      expect(response.status).toBe(200);
    });
  });
});
