import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The production server as `npm start` runs it, on a data directory of its own. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let output = "";
  const child = spawn(process.execPath, ["dist/server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: "", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  // Usually a second; a busy CI machine (two cores, two browsers, the other worker's server) has taken over ten.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    if (output.includes("Listening on")) return { child, output: () => output };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not start:\n${output}`);
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

test.describe.configure({ mode: "serial" });

test("a restart keeps all data and SIGTERM stops the server cleanly", async ({ request }) => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-restart-"));
  const port = await freePort();

  const first = await startServer(dataDir, port);
  const health = await request.get(`http://localhost:${port}/api/health`);
  expect(await health.json()).toMatchObject({ status: "ok", db: "ok" });
  expect(first.output()).toContain("migration applied");

  const db = new Database(path.join(dataDir, "app.db"));
  db.prepare("insert into contact_messages (id, name, email, subject, message) values ('kept-1', 'A', 'a@example.com', 'S', 'M')").run();
  db.close();

  // A request in flight when SIGTERM arrives still gets its answer: its body is
  // only half sent when the signal comes, and the server waits for the rest.
  const socket = net.connect(port, "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk));
  const body = "theme=dark&redirectTo=%2F";
  socket.write(
    `POST /resources/theme HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 8)}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  const exited = stop(first.child);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(first.child.exitCode).toBeNull();
  socket.end(body.slice(8));
  expect(await exited).toBe(0);
  expect(answer).toMatch(/^HTTP\/1\.1 302/);
  expect(answer).toMatch(/set-cookie: theme=/i);
  expect(first.output()).toContain('"msg":"stopped"');

  const second = await startServer(dataDir, port);
  expect(second.output()).not.toContain("migration applied");
  const reopened = new Database(path.join(dataDir, "app.db"));
  const kept = reopened.prepare("select count(*) as n from contact_messages where id = 'kept-1'").get() as { n: number };
  const services = reopened.prepare("select count(*) as n from services").get() as { n: number };
  reopened.close();
  expect(kept.n).toBe(1);
  expect(services.n).toBe(5);
  expect(await stop(second.child)).toBe(0);
});

test("a bad setting stops the start with one clear line", async () => {
  const child = spawn(process.execPath, ["dist/server.js"], {
    env: { ...process.env, PORT: "not-a-port", DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "portal-bad-")) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  expect(stderr.trim()).toBe("Invalid environment variable PORT: Expected number, received nan");
});
