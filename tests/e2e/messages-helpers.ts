import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import net from "node:net";
import { SERVER_NODE_OPTIONS } from "../../scripts/server-node-options.js";
import { openTestDatabase } from "./fixtures";

/**
 * The messages tests' helpers: two more app servers on the test server's database and one Redis (so a
 * message posted through one reaches a page open on the other), and the digest e-mail's job brought
 * forward (it waits ten minutes for the recipient to read first).
 */
export const REDIS_URL = process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ExtraServer = { url: string; stop: () => Promise<void> };

/** One more server process of the production build, on the shared database, with REDIS_URL: its origin and how to stop it. */
export async function startServerWithRedis(): Promise<ExtraServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_OPTIONS, "dist/server.js"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      APP_URL: url,
      REDIS_URL,
      SESSION_SECRET: "e2e-secret-0123456789abcdef",
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = (await fetch(`${url}/api/health`).catch(() => null))?.status;
    if (status === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`the server on port ${port} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Runs the waiting digest e-mails of a thread now (each server's job worker picks them up within a poll). */
export function runDigestsNow(threadId: string): number {
  const db = openTestDatabase();
  try {
    const result = db
      .prepare("update jobs set run_at = ? where name = 'messages.digest' and status = 'queued' and payload like ?")
      .run(new Date(Date.now() - 1000).toISOString(), `%${threadId}%`);
    return result.changes;
  } finally {
    db.close();
  }
}

/** The thread id in a thread page's address. */
export function threadIdOf(url: string): string {
  const id = /\/messages\/([^/?#]+)/.exec(new URL(url).pathname)?.[1];
  if (!id || id === "new") throw new Error(`no thread in ${url}`);
  return id;
}

/**
 * A client's general thread with `count` messages, one a minute, alternating between the client and the firm (the
 * oldest first, numbered "Message 1" …), as the app would have written them; the firm's side written by `firmEmail`.
 */
export function insertLongThread(clientId: string, firmEmail: string, count: number): { threadId: string; firmId: string } {
  const db = openTestDatabase();
  try {
    const threadId = randomUUID();
    const { id: firmId } = db.prepare("select id from users where email = ?").get(firmEmail) as { id: string };
    const start = Date.now() - count * 60_000;
    const at = (index: number) => new Date(start + index * 60_000).toISOString();
    const last = at(count - 1);
    const lastSender = (count - 1) % 2 === 0 ? "client" : "firm";
    db.prepare(
      "insert into message_threads (id, client_id, state, last_message_at, last_public_message_at, last_public_sender, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
    ).run(threadId, clientId, lastSender === "client" ? "open" : "waiting", last, last, lastSender, at(0), last);
    const insert = db.prepare("insert into messages (id, thread_id, author_id, body, internal, created_at) values (?, ?, ?, ?, 0, ?)");
    db.transaction(() => {
      for (let index = 0; index < count; index++) insert.run(randomUUID(), threadId, index % 2 === 0 ? clientId : firmId, `Message ${index + 1}`, at(index));
    })();
    return { threadId, firmId };
  } finally {
    db.close();
  }
}
