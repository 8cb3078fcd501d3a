import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { startApp } from "../../scripts/bench-support.js";
import { startRoundRobinProxy, type RoundRobinProxy } from "../support/round-robin-proxy";
import { startS3Fake, type S3Fake } from "../support/s3-server";
import { ADMIN_DATABASE_URL, REDIS_BASE_URL, type ClusterInstance } from "./cluster";

/**
 * Starts the cluster the journey runs on, and answers the function that stops it all (Playwright runs
 * it as the global teardown, after a failed test too): a fresh PostgreSQL database, an unused Redis
 * database number, s3rver with one bucket, three instances of the production build (each its own
 * DATA_DIR, so its own mail folder and nothing else on disk), and the round-robin proxy in front on
 * E2E_PORT. What the tests need (the instances' pids and mail folders, the database) goes in the
 * environment, which the workers inherit.
 */
type Stop = () => Promise<void>;

/** A Redis database number nobody uses now (1–15: 0 is the default every other run shares). */
async function freeRedisDb(): Promise<number> {
  const probe = new Redis(REDIS_BASE_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  probe.on("error", () => {});
  try {
    await probe.connect().catch((error: unknown) => {
      throw new Error(`Redis does not answer at ${REDIS_BASE_URL} (TEST_REDIS_URL): ${String(error)}`);
    });
    const keyspace = await probe.info("keyspace");
    const used = new Set([...keyspace.matchAll(/^db(\d+):/gm)].map((match) => Number(match[1])));
    const free = Array.from({ length: 15 }, (_, i) => i + 1).filter((db) => !used.has(db));
    if (free.length === 0) throw new Error(`no empty Redis database at ${REDIS_BASE_URL}`);
    return free[Math.floor(Math.random() * free.length)]!;
  } finally {
    probe.disconnect();
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function globalSetup(): Promise<Stop> {
  const proxyPort = Number(process.env.E2E_PORT);
  const appUrl = `http://localhost:${proxyPort}`;
  const stops: Stop[] = [];
  const stopAll: Stop = async () => {
    // In reverse: the proxy and the instances before what they use.
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error("cluster teardown:", error));
  };

  try {
    const database = `cluster_${randomBytes(6).toString("hex")}`;
    await adminQuery(`create database ${database}`);
    stops.push(() => adminQuery(`drop database if exists ${database} with (force)`));
    const databaseUrl = Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: `/${database}` }).href;

    const redisDb = await freeRedisDb();
    const redisUrl = `${REDIS_BASE_URL.replace(/\/\d*$/, "")}/${redisDb}`;
    stops.push(async () => {
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      await redis.flushdb().finally(() => redis.disconnect());
    });

    const s3: S3Fake = await startS3Fake("cluster-files");
    stops.push(() => s3.close());

    const shared = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      S3_ENDPOINT: s3.settings.endpoint!,
      S3_REGION: s3.settings.region,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      SESSION_SECRET: randomBytes(24).toString("hex"),
      FILE_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      APP_URL: appUrl,
      SEED_DEMO: "true",
      // The proxy is on loopback: the instances take the client's address from its X-Forwarded-For.
      TRUST_PROXY: "loopback",
    };
    const instances: ClusterInstance[] = [];
    const start = async (name: string) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`));
      stops.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      const app = await startApp({ root: process.cwd(), env: { ...shared, DATA_DIR: dataDir } });
      stops.push(app.stop);
      instances.push({ name, pid: app.pid, port: Number(new URL(app.origin).port), dataDir });
    };
    // The first migrates and seeds the demo accounts; the other two then start together.
    await start("app-1");
    await Promise.all([start("app-2"), start("app-3")]);
    instances.sort((a, b) => a.name.localeCompare(b.name));

    const proxy: RoundRobinProxy = await startRoundRobinProxy(instances, { port: proxyPort });
    stops.push(() => proxy.close());

    process.env.CLUSTER_DATABASE_URL = databaseUrl;
    process.env.CLUSTER_INSTANCES = JSON.stringify(instances);
    return stopAll;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
