import type { Server as SocketServer } from "socket.io";
import type { Platform } from "../server/platform";
import { closeCaches, listenForInvalidations } from "~/core/cache.server";
import { registerNotifier } from "~/core/notify.server";
import { assertTwoFactorSecretsReadable } from "~/features/auth/index.server";
import { seedDemoIfEnabled } from "~/features/demo/index.server";
import { seedPublicContent, pageCacheStore } from "~/features/content/index.server";
import { EXTRACTION_JOB, EXTRACTIONS_PER_INSTANCE, stopOcr } from "~/features/extractor/index.server";
import { notify } from "~/features/notifications/index.server";
import { closeDb, db } from "~/lib/db/db.server";
import { migrateToLatest } from "~/lib/db/migrate.server";
import { env } from "~/lib/env.server";
import { setStartupPhase, startupPhase } from "~/lib/health.server";
import { logger } from "~/lib/logger.server";
import { configureRealtime } from "~/core/identity/sockets.server";
import { closeRedis, redis } from "~/lib/redis.server";
import { startJobWorker, type JobWorker } from "~/lib/jobs.server";
import "./jobs.server";

// The areas notify through core/notify; the notifications area delivers.
registerNotifier(notify);

let workers: JobWorker[] = [];

/** Start-up and shut-down work the Express host asks of the app (server/platform.ts). */
export const platform: Platform = {
  async prepare() {
    setStartupPhase("migrating");
    const database = db();
    const { results } = await migrateToLatest(database);
    for (const result of results ?? []) logger.info({ migration: result.migrationName }, "migration applied");
    await assertTwoFactorSecretsReadable(database);
    await seedPublicContent(database);
    await seedDemoIfEnabled(database, env());
    // Every instance runs workers of the database-backed job queue (app/lib/jobs.server.ts): one for the
    // document extractor's runs (minutes each, a few at once; polled often, as the page waits for them) and one
    // for the rest, so that reminders, e-mails and machine translation never wait behind a document.
    workers = [
      startJobWorker({ lane: { except: [EXTRACTION_JOB] } }),
      startJobWorker({ lane: { only: [EXTRACTION_JOB] }, pollMs: 500, concurrency: EXTRACTIONS_PER_INSTANCE }),
    ];
    // Caches emptied on another instance (string overrides, public content) are emptied here too (with Redis).
    await listenForInvalidations();
  },
  async attachRealtime(io: SocketServer) {
    configureRealtime(io, { redis: redis() });
  },
  markReady() {
    setStartupPhase("ready");
  },
  isReady: () => startupPhase() === "ready",
  pageCache: pageCacheStore,
  async stopJobs() {
    // A document being read stops; its job goes back to the queue for another instance at once.
    await Promise.all(workers.map((worker) => worker.stop()));
  },
  async shutdown() {
    // Stopped already when the host asked (stopJobs); stopping again only waits for them.
    await Promise.all(workers.map((worker) => worker.stop()));
    // The OCR worker thread ends.
    await stopOcr();
    await closeCaches();
    await closeRedis();
    await closeDb();
  },
};
