import net from "node:net";
import pg from "pg";
import { LAST_USED_STEP_SQL, totpCodeAfter } from "../e2e/fixtures";

/**
 * What the cluster's tests share with its global setup: where PostgreSQL and Redis are, the running
 * instances (their pids, to kill one, and their mail folders), and reads of the cluster's database.
 */
export type ClusterInstance = { name: string; pid: number; port: number; dataDir: string };

/** A database on the PostgreSQL server to connect to while creating and dropping the cluster's own. */
export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_BASE_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export function instances(): ClusterInstance[] {
  return JSON.parse(process.env.CLUSTER_INSTANCES ?? "[]") as ClusterInstance[];
}

/** Every instance's DATA_DIR: the mail folders to read (an e-mail is written by whichever instance sent it). */
export function mailDirs(): string[] {
  return instances().map((instance) => instance.dataDir);
}

/**
 * Kills an instance's process at once (SIGKILL: no shutdown, as a crash or a lost machine), and waits
 * until its port refuses connections (the signal is delivered, not yet acted on, when kill returns).
 */
export async function killInstance(name: string): Promise<void> {
  const instance = instances().find((one) => one.name === name);
  if (!instance) throw new Error(`no instance ${name}`);
  process.kill(instance.pid, "SIGKILL");
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(instance.port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One query on the cluster's database. */
export async function query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: process.env.CLUSTER_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** A two-factor code the cluster will accept for a demo staff account now (see totpCode in the e2e fixtures). */
export async function clusterTotpCode(email: string): Promise<string> {
  const [row] = await query<{ step: string | number | null }>(LAST_USED_STEP_SQL, [email]);
  return totpCodeAfter(row?.step == null ? null : Number(row.step));
}
