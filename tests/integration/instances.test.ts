import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_NODE_OPTIONS } from "../../scripts/server-node-options.js";

/**
 * Two real server processes (the production build) on one SQLite file and one Redis, started
 * once for every case of what must hold across instances: live notifications, the site's
 * content (content and page caches) and the interface's string overrides. What is done through
 * the first is seen through the second. Needs TEST_REDIS_URL and `npm run build`.
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
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, "dist/server.js"], {
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
    const status = (await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null))?.status;
    if (status === 200) return child;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server on port ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!redisUrl || !built)("two server processes on one Redis", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "instances-"));
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  let socket: Socket | undefined;

  beforeAll(async () => {
    ports.push(await freePort(), await freePort());
    // One after the other: the first migrates and seeds the shared file.
    children.push(await startServer(dataDir, ports[0]!));
    children.push(await startServer(dataDir, ports[1]!));
  }, 90_000);

  afterAll(async () => {
    socket?.disconnect();
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

  /** A signed-in session written straight into the shared file: a demo account's, or a new client's (email null). */
  function session(email: string | null): { userId: string; token: string } {
    const database = new Database(path.join(dataDir, "app.db"));
    database.pragma("busy_timeout = 5000");
    try {
      let userId: string;
      if (email) {
        userId = (database.prepare("select id from users where email = ?").get(email) as { id: string }).id;
      } else {
        userId = randomUUID();
        database
          .prepare("insert into users (id, email, password_hash, role, full_name, enabled_features) values (?, ?, 'x', 'client', 'Two Instances', '[]')")
          .run(userId, `instances-${userId.slice(0, 8)}@example.com`);
      }
      const token = randomBytes(32).toString("base64url");
      database
        .prepare("insert into sessions (id, user_id, kind, remember, expires_at) values (?, ?, 'cookie', 0, ?)")
        .run(createHash("sha256").update(token).digest("hex"), userId, new Date(Date.now() + 3_600_000).toISOString());
      return { userId, token };
    } finally {
      database.close();
    }
  }

  const adminCookie = async () => (await createCookie("firm_auth_token", { secrets: [SECRET] }).serialize(session("admin@demo.test").token)).split(";")[0]!;

  /** A form posted as the admin to one instance, not following the redirect. */
  const postForm = async (port: number, pathname: string, fields: Record<string, string>) =>
    fetch(`http://127.0.0.1:${port}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: await adminCookie(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("a notification composed through one reaches a socket connected to the other", async () => {
    const client = session(null);
    const email = `instances-${client.userId.slice(0, 8)}@example.com`;

    socket = connect(`http://127.0.0.1:${ports[1]}`, { path: "/socket.io", transports: ["websocket"], auth: { token: client.token }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket!.once("connect", () => resolve());
      socket!.once("connect_error", reject);
    });
    const received = new Promise<{ params: Record<string, string> }>((resolve) => socket!.once("notification:new", resolve));

    const title = `Across instances ${randomUUID().slice(0, 6)}`;
    const response = await postForm(ports[0]!, "/dashboard/notifications", {
      intent: "compose",
      audience: "user",
      email,
      titleEn: title,
      bodyEn: "Body",
      titleAr: "عنوان",
      bodyAr: "نص",
      titleFr: "Titre",
      bodyFr: "Texte",
    });
    expect(response.status).toBe(302);
    expect((await received).params.titleEn).toBe(title);
  });

  const home = async (port: number) => (await fetch(`http://127.0.0.1:${port}/`, { headers: { Cookie: "lng=en" } })).text();

  it("a banner saved through one is on the other's next page view", async () => {
    // The second instance reads the home page: its content cache and its page cache keep it.
    expect(await home(ports[1]!)).toContain("Taxes, Translation and Notary");
    expect(await home(ports[1]!)).toContain("Taxes, Translation and Notary");

    const title = `A new banner ${randomUUID().slice(0, 6)}`;
    const response = await postForm(ports[0]!, "/dashboard/content/hero?lang=en", { intent: "save", title, subtitle: "Saved on the first instance." });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/content/hero?lang=en");

    // The announcement travels through Redis: poll the second instance's next views for a short while.
    await expect.poll(() => home(ports[1]!), { timeout: 5_000 }).toContain(title);
  });

  /** A French visitor's page (the `lng` cookie: a page the public cache keeps) on one instance. */
  const frenchPage = async (port: number, pathname: string) => {
    const language = (await createCookie("lng").serialize("fr")).split(";")[0]!;
    return (await fetch(`http://127.0.0.1:${port}${pathname}`, { headers: { Cookie: language } })).text();
  };
  const frenchStrings = async (port: number) =>
    (await (await fetch(`http://127.0.0.1:${port}/locales/fr/public.json`)).json()) as { contact: { submit: string } };

  it("a string override made through one is on the other's next page view; a reset too", async () => {
    const [first, second] = [ports[0]!, ports[1]!];
    // The second instance has the page in its cache and the strings loaded.
    expect(await frenchPage(second, "/contact")).toContain("Envoyer le message");
    expect(await frenchPage(second, "/contact")).toContain("Envoyer le message");
    expect((await frenchStrings(second)).contact.submit).toBe("Envoyer le message");

    const post = (fields: Record<string, string>) =>
      postForm(first, "/dashboard/languages?language=fr&ns=public", { language: "fr", namespace: "public", key: "contact.submit", ...fields });
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
