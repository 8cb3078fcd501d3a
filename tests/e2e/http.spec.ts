import { expect, test, type APIRequestContext } from "@playwright/test";
import fs from "node:fs";
import type http from "node:http";
import net from "node:net";
import path from "node:path";
import { baseURL } from "../../playwright.config";
import { createClient, DEMO } from "./fixtures";

/** The host's HTTP rules (body limits, odd requests, cross-site posts, headers, cookies, file modes), over HTTP against the built server. */
const { port } = new URL(baseURL);

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * A raw request: methods, paths and chunked bodies that a browser or Playwright would not send as written.
 *
 * A server that refuses a body early (413) answers and closes while the rest is still on its way, and the
 * client's next write then fails with EPIPE or ECONNRESET. Whichever comes first, the answer must not be
 * lost: the whole request goes out in one write, made before the server can have answered (the kernel
 * keeps sending it; a failure of that write only comes after everything received has been read), and the
 * bytes received are kept as they arrive. When the connection closes, for whatever reason, the answer
 * received is parsed; none at all is an error, never a wait.
 */
function raw(method: string, pathname: string, headers: Record<string, string | number> = {}, chunks: Buffer[] = []): Promise<RawResponse> {
  const chunked = Object.entries(headers).some(([name, value]) => name.toLowerCase() === "transfer-encoding" && value === "chunked");
  const head = [
    `${method} ${pathname} HTTP/1.1`,
    `Host: localhost:${port}`,
    "Connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join("\r\n");
  const body = chunked
    ? [...chunks.flatMap((chunk) => [Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]), Buffer.from("0\r\n\r\n")]
    : chunks;
  const request = Buffer.concat([Buffer.from(`${head}\r\n\r\n`), ...body]);
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    let failure: Error | null = null;
    const socket = net.connect({ host: "localhost", port: Number(port) }, () => socket.write(request));
    socket.on("data", (data: Buffer) => received.push(data));
    socket.on("error", (error) => (failure = error));
    socket.on("close", () => {
      const response = parseResponse(Buffer.concat(received));
      if (response) resolve(response);
      else reject(new Error(`${method} ${pathname}: the connection closed without an answer${failure ? ` (${failure.message})` : ""}`));
    });
  });
}

/** An HTTP/1.1 answer read to the end of its connection, or null when no whole head arrived. */
function parseResponse(bytes: Buffer): RawResponse | null {
  const end = bytes.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1]);
  if (!status) return null;
  const headers: http.IncomingHttpHeaders = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let rest = bytes.subarray(end + 4);
  if (headers["transfer-encoding"] !== "chunked") return { status, headers, body: rest.toString("utf8") };
  const parts: Buffer[] = [];
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = lineEnd < 0 ? 0 : parseInt(rest.subarray(0, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.subarray(lineEnd + 4 + size);
  }
  return { status, headers, body: Buffer.concat(parts).toString("utf8") };
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
    const chunked = await raw(
      "POST",
      "/contact",
      { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
      Array(6).fill(chunk),
    );
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
    const noBoundary = await raw(
      "POST",
      "/api/service-orders",
      { authorization: `Bearer ${token}`, "content-type": "multipart/form-data", "content-length": 1 },
      [Buffer.from("x")],
    );
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
      const foreign = await request.post(route, {
        headers: { origin: "https://evil.example" },
        form: { theme: "dark", lng: "ar", intent: "accept" },
        maxRedirects: 0,
      });
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
      multipart: {
        serviceId: await firstServiceId(request),
        details: "Checking the download headers.",
        documents: { name: "scan.pdf", mimeType: "application/pdf", buffer: PDF },
      },
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
      multipart: {
        serviceId: await firstServiceId(request),
        details: "Checking the file modes.",
        documents: { name: "scan.pdf", mimeType: "application/pdf", buffer: PDF },
      },
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
