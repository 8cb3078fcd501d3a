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
 * Two real server processes (the production build) on one SQLite file and one Redis: an admin
 * overrides a French string through the first, and the second's next page view shows it, from
 * its public page cache (emptied by the published change) and from /locales (checked against
 * Redis before strings are handed out). Needs TEST_REDIS_URL and `npm run build`.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const built = fs.existsSync("dist/server.js") && fs.existsSync("build/index.js");
const SECRET = "instances-secret-0123456789abcdef";

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

describe.skipIf(!redisUrl || !built)("string overrides across two server processes on one Redis", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "languages-instances-"));
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

  function adminToken(): string {
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

  /** A French visitor's page (the `lng` cookie: a page the public cache keeps) on one instance. */
  const frenchPage = async (port: number, pathname: string) => {
    const language = (await createCookie("lng").serialize("fr")).split(";")[0]!;
    return (await fetch(`http://127.0.0.1:${port}${pathname}`, { headers: { Cookie: language } })).text();
  };
  const frenchStrings = async (port: number) => (await (await fetch(`http://127.0.0.1:${port}/locales/fr/public.json`)).json()) as { contact: { submit: string } };

  it("an override made through one instance is on the other's next page view; a reset too", async () => {
    const [first, second] = [ports[0]!, ports[1]!];
    // The second instance has the page in its cache and the strings loaded.
    expect(await frenchPage(second, "/contact")).toContain("Envoyer le message");
    expect(await frenchPage(second, "/contact")).toContain("Envoyer le message");
    expect((await frenchStrings(second)).contact.submit).toBe("Envoyer le message");

    const cookie = (await createCookie("firm_auth_token", { secrets: [SECRET] }).serialize(adminToken())).split(";")[0]!;
    const post = (fields: Record<string, string>) =>
      fetch(`http://127.0.0.1:${first}/dashboard/languages?language=fr&ns=public`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ language: "fr", namespace: "public", key: "contact.submit", ...fields }),
      });
    const label = `Ecrivez-nous ${randomUUID().slice(0, 6)}`;

    // The placeholder check holds on the server: nothing changes anywhere.
    expect((await post({ intent: "save", value: "Envoyer {{name}}" })).status).toBe(422);
    expect((await frenchStrings(second)).contact.submit).toBe("Envoyer le message");

    expect((await post({ intent: "save", value: label })).status).toBe(302);
    expect((await frenchStrings(second)).contact.submit).toBe(label);
    expect(await frenchPage(second, "/contact")).toContain(label);

    expect((await post({ intent: "reset" })).status).toBe(302);
    expect((await frenchStrings(second)).contact.submit).toBe("Envoyer le message");
    const page = await frenchPage(second, "/contact");
    expect(page).toContain("Envoyer le message");
    expect(page).not.toContain(label);
  });
});
