import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Two real server processes (the production build) on one SQLite file and one Redis: the
 * banner edited through the first shows on the second's next page view, although the second
 * had the home page in its content cache and its page cache. Needs TEST_REDIS_URL and `npm run build`.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const built = fs.existsSync("dist/server.js") && fs.existsSync("build/index.js");
const SECRET = "content-instances-secret-0123456789";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["dist/server.js"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${port}`,
      REDIS_URL: redisUrl,
      SEED_DEMO: "true",
      SESSION_SECRET: SECRET,
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status;
    if (status === 200) return child;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server on port ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!redisUrl || !built)("site content across two server processes on one Redis", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "content-instances-"));
  const children: ChildProcess[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    ports.push(await freePort(), await freePort());
    // One after the other: the first migrates and seeds the shared file.
    children.push(await startServer(dataDir, ports[0]!));
    children.push(await startServer(dataDir, ports[1]!));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      ),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function adminSession(): string {
    const database = new Database(path.join(dataDir, "app.db"));
    database.pragma("busy_timeout = 5000");
    try {
      const userId = (database.prepare("select id from users where email = ?").get("admin@demo.test") as { id: string }).id;
      const token = randomBytes(32).toString("base64url");
      database
        .prepare("insert into sessions (id, user_id, kind, remember, expires_at) values (?, ?, 'cookie', 0, ?)")
        .run(createHash("sha256").update(token).digest("hex"), userId, new Date(Date.now() + 3_600_000).toISOString());
      return token;
    } finally {
      database.close();
    }
  }

  const home = async (port: number) => (await fetch(`http://127.0.0.1:${port}/`, { headers: { Cookie: "lng=en" } })).text();

  it("a banner saved through one is on the other's next page view", async () => {
    // The second instance reads the home page: its content cache and its page cache keep it.
    expect(await home(ports[1]!)).toContain("Taxes, Translation and Notary");
    expect(await home(ports[1]!)).toContain("Taxes, Translation and Notary");

    const cookie = (await createCookie("firm_auth_token", { secrets: [SECRET] }).serialize(adminSession())).split(";")[0]!;
    const title = `A new banner ${randomUUID().slice(0, 6)}`;
    const response = await fetch(`http://127.0.0.1:${ports[0]}/dashboard/content/hero?lang=en`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save", title, subtitle: "Saved on the first instance." }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/content/hero?lang=en");

    // The announcement travels through Redis: poll the second instance's next views for a short while.
    await expect.poll(() => home(ports[1]!), { timeout: 5_000 }).toContain(title);
  });
});
