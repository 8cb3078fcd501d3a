import { pingDatabase } from "./db/db.server";
import { logger } from "./logger.server";
import { storageBackend } from "./storage.server";
import { appVersion } from "./version.server";

/**
 * Liveness (GET /api/health) and readiness (GET /api/ready) of this instance.
 *
 * - Start-up goes `starting` → `migrating` (migrations, then the seeds) → `ready`; the host listens from the
 *   start, so a balancer sees the instance answer "not ready" while it migrates instead of refusing connections.
 * - Liveness answers 200 once the instance is up, whatever the database says (it only reports it): a
 *   database that stops answering is no reason to restart every instance.
 * - Readiness answers 200 only when started and both the database and the file store answer; otherwise 503,
 *   so the balancer sends requests to the other instances.
 */
export type StartupPhase = "starting" | "migrating" | "ready";

let phase: StartupPhase = "starting";

export function setStartupPhase(next: StartupPhase): void {
  phase = next;
}

export function startupPhase(): StartupPhase {
  return phase;
}

type Check = "ok" | "error";

export type HealthBody = { status: "ok" | "starting"; db: Check | "unchecked"; version: string };

/** What GET /api/health reports: 503 only while the instance starts (without asking the database then); the database's state, and the running version. */
export async function checkHealth(): Promise<{ ok: boolean; body: HealthBody }> {
  if (phase !== "ready") return { ok: false, body: { status: "starting", db: "unchecked", version: appVersion } };
  return { ok: true, body: { status: "ok", db: (await pingDatabase()) ? "ok" : "error", version: appVersion } };
}

export type ReadinessBody = { status: "ready" | "not_ready"; phase: StartupPhase; db: Check | "unchecked"; storage: Check | "unchecked"; version: string };

async function pingStorage(): Promise<Check> {
  try {
    await storageBackend().ping();
    return "ok";
  } catch (error) {
    logger.warn({ err: error }, "readiness: the file store does not answer");
    return "error";
  }
}

/**
 * What GET /api/ready reports. While starting or migrating nothing is asked of the database (on SQLite a
 * question would wait for the migrations' transaction): the answer is 503 at once.
 */
export async function checkReadiness(): Promise<{ ready: boolean; body: ReadinessBody }> {
  if (phase !== "ready") return { ready: false, body: { status: "not_ready", phase, db: "unchecked", storage: "unchecked", version: appVersion } };
  const [database, storage] = await Promise.all([pingDatabase(), pingStorage()]);
  const db: Check = database ? "ok" : "error";
  if (!database) logger.warn("readiness: the database does not answer");
  const ready = database && storage === "ok";
  return { ready, body: { status: ready ? "ready" : "not_ready", phase, db, storage, version: appVersion } };
}
