import { spawn } from "node:child_process";
import net from "node:net";
import { SERVER_NODE_OPTIONS } from "./server-node-options.js";

/** Helpers the benchmark scripts share: a free port and waiting for a server to answer. */

/** A TCP port free on 127.0.0.1 right now. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `url` answers 2xx; rejects after `timeoutMs`, or at once when `child`
 * (the server's process, when given) has exited.
 * @param {string} url
 * @param {{ timeoutMs?: number, child?: { exitCode: number | null } }} [options]
 */
export async function waitFor(url, { timeoutMs = 60_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}) before answering`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Starts the built server (`dist/server.js`) on a free port with `env` added to this
 * process's environment, and waits until it answers its health check.
 * @param {{ root: string, env: Record<string, string>, timeoutMs?: number }} options
 * @returns {Promise<{ origin: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startApp({ root, env, timeoutMs = 60_000 }) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, "dist/server.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), APP_URL: origin, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", () => resolve()));
  try {
    await waitFor(`${origin}/api/health`, { child, timeoutMs });
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
  return { origin, pid: child.pid, stop: () => (child.kill("SIGTERM"), exited) };
}
