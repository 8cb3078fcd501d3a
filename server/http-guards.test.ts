import express from "express";
import { once } from "node:events";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES, bodyLimit, methodGuard, startingGuard, urlGuard } from "./http-guards";
import { remixRequest, sendRemixResponse } from "./remix-handler";

/** The host's guards in front of a handler that reads the body the way the Remix handler does. */
let server: http.Server;
let base = "";
let port = 0;
let reads = 0;

beforeAll(async () => {
  const app = express();
  app.use(methodGuard());
  app.use(urlGuard());
  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'self'");
    next();
  });
  app.use(bodyLimit());
  app.all("*", async (req, res, next) => {
    try {
      const request = remixRequest(req, res)!;
      reads++;
      const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
      const response = new Response(
        JSON.stringify({ length: text.length, host: new URL(request.url).host, forwarded: request.headers.get("x-forwarded-host") }),
        {
          headers: [
            ["Content-Type", "application/json"],
            ["X-Content-Type-Options", "nosniff"],
            ["Content-Security-Policy", "default-src 'none'; sandbox"],
            ["Set-Cookie", "a=1"],
            ["Set-Cookie", "b=2"],
          ],
        },
      );
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw request (fetch cannot send TRACE, bad paths or a chunked body of our choosing). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  chunks: Buffer[] = [],
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", (error) => (String(error).includes("EPIPE") || String(error).includes("ECONNRESET") ? undefined : reject(error)));
    const write = (index: number) => {
      if (index >= chunks.length) return void req.end();
      if (!req.write(chunks[index]!)) req.once("drain", () => write(index + 1));
      else setImmediate(() => write(index + 1));
    };
    write(0);
  });
}

describe("body limit", () => {
  it("refuses a declared Content-Length over 1 MB with a JSON 413 before reading it", async () => {
    const before = reads;
    const response = await raw("POST", "/api/auth/login", { "content-type": "application/json", "content-length": 400 * 1024 * 1024 });
    expect(response.status).toBe(413);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(JSON.parse(response.body)).toEqual({ message: expect.stringContaining("1 MB") });
    expect(reads).toBe(before);
  });

  it("counts the bytes of a chunked body and stops at the limit", async () => {
    const before = reads;
    const chunk = Buffer.alloc(256 * 1024, "a");
    const response = await raw("POST", "/login", { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" }, Array(8).fill(chunk));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toHaveProperty("message");
    expect(reads).toBe(before);
  });

  it("reads and drops the rest of a refused body, so a client still sending it reads the 413 and is not reset", async () => {
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    let answer = "";
    let failure: Error | null = null;
    let ended = false;
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("error", (error) => (failure = error));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.once("end", () => (ended = true));
    const send = (data: Buffer | string) => new Promise<void>((resolve) => socket.write(data, () => resolve()));
    const total = 5 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, "a");
    await send(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`);
    await send(chunk);
    // The answer comes first, whole; the client then sends the rest of its body as it reads.
    while (!answer.includes("}") && !failure) await once(socket, "data");
    expect(answer).toMatch(/^HTTP\/1\.1 413 [^]*Connection: close[^]*\r\n\r\n\{"message":"The request is too large \(at most 1 MB\)\."\}$/);
    expect(ended).toBe(false);
    for (let sent = chunk.length; sent < total && !failure; sent += chunk.length) await send(chunk);
    socket.end();
    // All of it read, the server ends the connection, without a reset.
    await closed;
    expect(failure).toBeNull();
    expect(ended).toBe(true);
  });

  it("passes a body up to the limit on to the app, whole", async () => {
    const body = "x".repeat(BODY_LIMIT_BYTES);
    const response = await fetch(`${base}/api/anything`, { method: "POST", headers: { "content-type": "text/plain" }, body });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ length: BODY_LIMIT_BYTES });
  });

  it("lets multipart bodies stream (uploads have their own limits) but refuses one without a boundary", async () => {
    const bad = await fetch(`${base}/api/service-orders`, { method: "POST", headers: { "content-type": "multipart/form-data" }, body: "x" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toMatch(/application\/json/);
    const form = new FormData();
    form.set("file", new Blob([Buffer.alloc(2 * BODY_LIMIT_BYTES)]), "big.bin");
    expect((await fetch(`${base}/api/service-orders`, { method: "POST", body: form })).status).toBe(200);
  });
});

describe("methods and URLs", () => {
  it("answers TRACE with 405 (JSON under /api)", async () => {
    const page = await raw("TRACE", "/");
    expect(page.status).toBe(405);
    expect(page.headers.allow).toContain("GET");
    const api = await raw("TRACE", "/api/health");
    expect(api.status).toBe(405);
    expect(api.headers["content-type"]).toMatch(/application\/json/);
  });

  it("answers bad percent-encoding with 400 (JSON under /api)", async () => {
    const api = await raw("GET", "/api/%E0%A4%A");
    expect(api.status).toBe(400);
    expect(api.headers["content-type"]).toMatch(/application\/json/);
    expect((await raw("GET", "/%E0%A4%A")).status).toBe(400);
  });
});

describe("the Remix request and response", () => {
  it("does not pass an untrusted X-Forwarded-Host on", async () => {
    const response = await fetch(`${base}/x`, { headers: { "x-forwarded-host": "evil.test" } });
    expect(await response.json()).toEqual({ length: 0, host: `127.0.0.1:${port}`, forwarded: null });
  });

  it("sends the app's security headers once, replacing the host's, and every cookie", async () => {
    const response = await fetch(`${base}/x`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  });
});

describe("startingGuard", () => {
  it("answers 503 with Retry-After, translated, to everything but the probes until start-up is over", async () => {
    let ready = false;
    const app = express();
    app.use(startingGuard(() => ready));
    app.all("*", (req, res) => res.json({ served: req.path }));
    const starting = app.listen(0);
    await once(starting, "listening");
    const origin = `http://127.0.0.1:${(starting.address() as AddressInfo).port}`;
    try {
      const api = await fetch(`${origin}/api/auth/me`, { headers: { "Accept-Language": "fr-FR,fr;q=0.9" } });
      expect(api.status).toBe(503);
      expect(api.headers.get("retry-after")).toBe("5");
      expect(await api.json()).toEqual({ message: "Le serveur démarre. Veuillez réessayer dans quelques instants." });
      const page = await fetch(`${origin}/login`, { headers: { "Accept-Language": "ar" } });
      expect(page.status).toBe(503);
      expect(await page.text()).toBe("الخادم قيد التشغيل. يرجى المحاولة مرة أخرى بعد لحظات.");
      for (const probe of ["/api/health", "/api/ready"]) expect(await (await fetch(`${origin}${probe}`)).json()).toEqual({ served: probe });
      ready = true;
      expect(await (await fetch(`${origin}/login`)).json()).toEqual({ served: "/login" });
    } finally {
      await new Promise<void>((resolve) => starting.close(() => resolve()));
    }
  });
});
