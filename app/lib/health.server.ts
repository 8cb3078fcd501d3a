import { pingDatabase } from "./db/db.server";
import { appVersion } from "./version.server";

/** What GET /api/health reports: the database answers, and the running version. */
export async function checkHealth(): Promise<{ ok: boolean; body: { status: string; db: string; version: string } }> {
  const ok = await pingDatabase();
  return { ok, body: { status: ok ? "ok" : "error", db: ok ? "ok" : "error", version: appVersion } };
}
