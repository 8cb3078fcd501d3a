import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { SERVER_NODE_OPTIONS } from "./server-node-options.js";

/** Helpers the benchmark scripts share: a free port, the build, starting the server and signing in to it. */

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

/** Builds the app (`npm run build`) when `root` has no build of it. @param {string} root */
export function ensureBuild(root) {
  if (["build/index.js", "dist/server.js", "dist/extract-worker.js"].every((file) => fs.existsSync(path.join(root, file)))) return;
  console.log("No build found: running npm run build…");
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}

/**
 * Signs in through the JSON API (with the demo's two-factor code, DEMO_TOTP_SECRET, when the account has it)
 * and answers the bearer token, checked once on `home` (pages read it as the API does).
 * @param {string} origin
 * @param {{ email: string, password: string }} account
 * @param {string} [home]
 * @returns {Promise<string>}
 */
export async function signIn(origin, account, home = "/dashboard") {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, accept: "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  let body = await response.json().catch(() => ({}));
  if (response.ok && body.mfaToken) {
    // The demo admin has two-factor sign-in with DEMO_TOTP_SECRET (README "Two-factor sign-in").
    const code = new TOTP({
      secret: Secret.fromBase32(process.env.DEMO_TOTP_SECRET ?? "JBSWY3DPEHPK3PXP"),
      digits: 6,
      period: 30,
      algorithm: "SHA1",
    }).generate();
    const second = await fetch(`${origin}/api/auth/mfa`, {
      method: "POST",
      headers: { "content-type": "application/json", origin, accept: "application/json" },
      body: JSON.stringify({ mfaToken: body.mfaToken, code }),
    });
    body = await second.json().catch(() => ({}));
  }
  if (!response.ok || !body.token) throw new Error(`sign-in as ${account.email} failed: ${response.status} ${JSON.stringify(body)}`);
  const check = await fetch(`${origin}${home}`, { headers: { authorization: `Bearer ${body.token}` }, redirect: "manual" });
  await check.arrayBuffer();
  if (check.status !== 200) throw new Error(`${home} with the bearer token answered ${check.status} ${check.headers.get("location") ?? ""}`);
  return body.token;
}
