import { expect, test, type APIRequestContext } from "@playwright/test";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { baseURL } from "../../playwright.config";
import { createClient, DEMO } from "./fixtures";

/** The host's HTTP rules (issue 13), over HTTP against the built server. */
const { port } = new URL(baseURL);

/** A raw request: methods, paths and chunked bodies that a browser or Playwright would not send as written. */
function raw(method: string, pathname: string, headers: Record<string, string | number> = {}, chunks: Buffer[] = []): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "localhost", port, method, path: pathname, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      // A server that answers early (413) and closes may reset the socket before "end": the answer is in.
      res.on("close", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", (error) => (/EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error)));
    const write = (index: number) => {
      if (index >= chunks.length) return void req.end();
      if (!req.write(chunks[index]!)) req.once("drain", () => write(index + 1));
      else setImmediate(() => write(index + 1));
    };
    write(0);
  });
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function freshClientToken(request: APIRequestContext): Promise<string> {
  const { email } = createClient();
  const response = await request.post("/api/auth/login", { data: { email, password: DEMO.password, rememberMe: false } });
  return ((await response.json()) as { token: string }).token;
}

async function firstServiceId(request: APIRequestContext): Promise<string> {
  return ((await (await request.get("/api/services")).json()) as { services: Array<{ id: string }> }).services[0]!.id;
}

test.describe("HTTP rules", () => {
  test("bodies over 1 MB are refused with a JSON 413 before they are parsed", async ({ request }) => {
    const big = await request.post("/api/auth/login", {
      headers: { "content-type": "application/json" },
      data: JSON.stringify({ email: "a@b.c", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(big.status()).toBe(413);
    expect(big.headers()["content-type"]).toMatch(/^application\/json/);
    expect(((await big.json()) as { message: string }).message).toContain("1 MB");

    const chunk = Buffer.alloc(256 * 1024, "a");
    const chunked = await raw("POST", "/contact", { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" }, Array(6).fill(chunk));
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toHaveProperty("message");

    const form = await request.post("/resources/theme", { form: { theme: "dark", redirectTo: "/", padding: "x".repeat(1024 * 1024 + 1) }, maxRedirects: 0 });
    expect(form.status()).toBe(413);
  });

  test("odd requests are 4xx, never 500", async ({ request }) => {
    const trace = await raw("TRACE", "/");
    expect(trace.status).toBe(405);
    const apiTrace = await raw("TRACE", "/api/health");
    expect(apiTrace.status).toBe(405);
    expect(apiTrace.headers["content-type"]).toMatch(/^application\/json/);

    const badApi = await raw("GET", "/api/%E0%A4%A");
    expect(badApi.status).toBe(400);
    expect(badApi.headers["content-type"]).toMatch(/^application\/json/);
    expect((await raw("GET", "/services/%E0%A4%A")).status).toBe(400);

    expect((await request.get("/locales/en/__proto__.json")).status()).toBe(404);
    expect((await request.get("/locales/en/constructor.json")).status()).toBe(404);
    expect((await request.get("/locales/en/common.json")).status()).toBe(200);

    const client = await request.post("/api/auth/login", { data: { email: "client@demo.test", password: "Demo-Passw0rd!", rememberMe: false } });
    const { token } = (await client.json()) as { token: string };
    const noBoundary = await raw("POST", "/api/service-orders", { authorization: `Bearer ${token}`, "content-type": "multipart/form-data", "content-length": 1 }, [Buffer.from("x")]);
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.headers["content-type"]).toMatch(/^application\/json/);

    for (const target of ["/login", "/contact", "/resources/theme"]) {
      const opaque = await request.post(target, { headers: { origin: "null" }, form: { email: "a@b.c", password: "x", theme: "dark" }, maxRedirects: 0 });
      expect(opaque.status(), `Origin: null on ${target}`).toBeGreaterThanOrEqual(400);
      expect(opaque.status(), `Origin: null on ${target}`).toBeLessThan(500);
    }

    for (const route of ["/resources/theme", "/resources/sidebar"]) {
      for (const redirectTo of ["/\r\nSet-Cookie: x=1", "/\nevil", "/\u0000x", "/%0d%0aX", "/\t/evil.example/"]) {
        const response = await request.post(route, { form: { theme: "dark", collapsed: "true", redirectTo }, maxRedirects: 0 });
        expect(response.status(), `${route} ${JSON.stringify(redirectTo)}`).toBeLessThan(500);
        const location = response.headers().location;
        if (location) expect(location, `${route} ${JSON.stringify(redirectTo)}`).toMatch(/^\/(?![/\\])[^\r\n\0]*$/);
      }
    }
  });

  test("cross-site posts are refused on the consent, theme and language routes, even without cookies", async ({ request }) => {
    for (const route of ["/resources/cookie-consent", "/resources/theme", "/resources/language"]) {
      const foreign = await request.post(route, { headers: { origin: "https://evil.example" }, form: { theme: "dark", lng: "ar", intent: "accept" }, maxRedirects: 0 });
      expect(foreign.status(), route).toBe(403);
      expect(foreign.headers()["set-cookie"], route).toBeUndefined();
      const fetched = await request.post(route, { headers: { "sec-fetch-site": "cross-site" }, form: { theme: "dark", lng: "ar" }, maxRedirects: 0 });
      expect(fetched.status(), route).toBe(403);
      const same = await request.post(route, { headers: { origin: baseURL }, form: { theme: "dark", lng: "ar", redirectTo: "/" }, maxRedirects: 0 });
      expect(same.status(), route).toBeLessThan(400);
    }
  });

  test("security headers: Permissions-Policy everywhere, a download's headers once", async ({ request }) => {
    const page = await request.get("/");
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(page.headers()["permissions-policy"]).toContain(`${feature}=()`);
    const api = await request.get("/api/health");
    expect(api.headers()["permissions-policy"]).toContain("camera=()");

    // A download of a file of a fresh client's own order (the demo data stays as it is).
    const token = await freshClientToken(request);
    const upload = await request.post("/api/service-orders", {
      headers: { authorization: `Bearer ${token}` },
      multipart: { serviceId: await firstServiceId(request), details: "Checking the download headers.", documents: { name: "scan.pdf", mimeType: "application/pdf", buffer: PDF } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const [file] = ((await upload.json()) as { order: { files: Array<{ id: string }> } }).order.files;
    const download = await request.get(`/resources/files/${file!.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toContain("attachment");
    const all = download.headersArray();
    const count = (name: string) => all.filter((header) => header.name.toLowerCase() === name).length;
    expect(count("x-content-type-options")).toBe(1);
    expect(count("content-security-policy")).toBe(1);
    expect(download.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("a language chosen by ?lng= is kept for the next page, and a cached page never carries the cookie", async ({ playwright }) => {
    const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "accept-language": "en" } });
    const first = await visitor.get("/contact?lng=ar");
    expect(await first.text()).toMatch(/<html[^>]*lang="ar"/);
    expect(first.headers()["set-cookie"]).toMatch(/^lng=[^;]+; Max-Age=\d+; Path=\//);
    const next = await visitor.get("/services");
    expect(await next.text()).toMatch(/<html[^>]*lang="ar"/);
    await visitor.dispose();

    // The same link again, by another visitor: rendered afresh with the cookie, not served from the page cache without it.
    for (let i = 0; i < 2; i++) {
      const fresh = await playwright.request.newContext({ baseURL });
      const response = await fresh.get("/contact?lng=fr");
      expect(response.headers()["set-cookie"], `visit ${i}`).toMatch(/^lng=[^;]+;/);
      expect(await response.text()).toMatch(/<html[^>]*lang="fr"/);
      await fresh.dispose();
    }
    // A page without ?lng sets no cookie (and may be cached).
    const plain = await playwright.request.newContext({ baseURL });
    expect((await plain.get("/contact")).headers()["set-cookie"]).toBeUndefined();
    await plain.dispose();
  });

  test("files under DATA_DIR are the owner's alone", async ({ request }) => {
    const dataDir = process.env.E2E_DATA_DIR!;
    // A reset mail (a link in a file) and an upload, both for a fresh client.
    const { email } = createClient();
    expect((await request.post("/api/auth/forgot-password", { data: { email } })).status()).toBeLessThan(300);
    const token = await freshClientToken(request);
    const upload = await request.post("/api/service-orders", {
      headers: { authorization: `Bearer ${token}` },
      multipart: { serviceId: await firstServiceId(request), details: "Checking the file modes.", documents: { name: "scan.pdf", mimeType: "application/pdf", buffer: PDF } },
    });
    expect(upload.status()).toBe(201);
    const mode = (file: string) => fs.statSync(path.join(dataDir, file)).mode & 0o777;
    for (const file of ["app.db", "app.db-wal"]) expect(mode(file), file).toBe(0o600);
    expect(mode("files"), "files").toBe(0o700);
    const mailDir = path.join(dataDir, "mail");
    await expect.poll(() => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0), { intervals: [100] }).toBeGreaterThan(0);
    expect(mode("mail"), "mail").toBe(0o700);
    for (const file of fs.readdirSync(mailDir)) expect(mode(path.join("mail", file)), file).toBe(0o600);
    for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
      expect(mode(entry.name) & 0o077, entry.name).toBe(0);
    }
  });
});
