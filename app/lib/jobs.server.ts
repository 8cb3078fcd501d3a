import { randomUUID } from "node:crypto";
import os from "node:os";
import { toJson } from "./db/connection.server";
import { db, isPostgres } from "./db/db.server";
import { isUniqueViolation } from "./app-error";
import { logContext, logger, withLogContext } from "./logger.server";

/**
 * The database-backed job queue (table `jobs`, the only code touching it). Work that must
 * not hold up a request, survive a restart, and run once even with several instances:
 * purging old notifications, machine-translating an uploaded file, the daily reminders.
 *
 * - A job is **leased** by one worker (`locked_by`, `locked_until`); a worker that dies
 *   leaves its lease to expire and another worker takes the job again.
 * - A failing job is retried with a growing delay and stops after `maxAttempts`, its last
 *   error kept (`status = failed`).
 * - `uniqueKey` makes enqueueing idempotent: every instance may ask for
 *   "tasks.reminders:2026-11-23"; one job exists, so it runs once.
 * - Schedules (once a day at a local time: `scheduleDaily`; every n minutes: `scheduleEvery`)
 *   are turned into such keyed jobs by each worker's tick.
 *
 * Handlers are registered by the areas (`defineJob`) and imported by the composition root
 * (app/platform.server.ts), which starts the worker in the server process.
 */
export type JobRecord = {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  status: string;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lockedBy: string | null;
  lastError: string | null;
  /** The request that enqueued it: its log lines carry that `reqId`. */
  requestId: string | null;
};

export type JobContext = {
  job: JobRecord;
  /** Extends the lease while long work goes on (OCR of a long document). */
  heartbeat: () => Promise<void>;
  /** Aborted when the worker stops (the instance shuts down): long work stops early and throws. */
  signal: AbortSignal;
};

type Handler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
type Definition = { handler: Handler; maxAttempts: number; leaseSeconds: number };

const DEFAULT_LEASE_SECONDS = 300;
const DEFAULT_MAX_ATTEMPTS = 5;
const handlers = new Map<string, Definition>();

/** Registers a job's handler; returns a typed way to enqueue it. */
export function defineJob<Payload extends Record<string, unknown>>(
  name: string,
  handler: (payload: Payload, context: JobContext) => Promise<void>,
  options: { maxAttempts?: number; leaseSeconds?: number } = {},
) {
  handlers.set(name, {
    handler: handler as Handler,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    leaseSeconds: options.leaseSeconds ?? DEFAULT_LEASE_SECONDS,
  });
  return {
    name,
    enqueue: (payload: Payload, enqueueOptions?: EnqueueOptions) => enqueueJob(name, payload, enqueueOptions),
  };
}

export type EnqueueOptions = { runAt?: Date | string; uniqueKey?: string; maxAttempts?: number };

/** Adds a job; with a `uniqueKey` already used, nothing is added (`created: false`). */
export async function enqueueJob(
  name: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<{ id: string | null; created: boolean }> {
  const id = randomUUID();
  const runAt = options.runAt ? new Date(options.runAt).toISOString() : new Date().toISOString();
  try {
    await db()
      .insertInto("jobs")
      .values({
        id,
        name,
        payload: toJson(payload),
        runAt,
        maxAttempts: options.maxAttempts ?? handlers.get(name)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        uniqueKey: options.uniqueKey ?? null,
        // Enqueued while serving a request (or running a job that came from one): its log lines will carry the id.
        requestId: logContext().reqId ?? null,
      })
      .execute();
    return { id, created: true };
  } catch (error) {
    if (options.uniqueKey && isUniqueViolation(error)) return { id: null, created: false };
    throw error;
  }
}

/**
 * Which jobs a worker takes, by name: `only` these (a lane of its own, e.g. the document
 * extractor's minutes-long runs) or all `except` these. Without either, every job.
 */
export type JobLane = { only?: readonly string[]; except?: readonly string[] };

/**
 * Leases the next due job (or one whose lease expired) of the lane to `workerId`. Atomic on both
 * dialects: PostgreSQL skips rows another worker holds; SQLite runs one writer at a time.
 */
export async function claimNextJob(workerId: string, now = new Date(), lane: JobLane = {}): Promise<JobRecord | null> {
  const at = now.toISOString();
  const postgres = isPostgres();
  const lease = new Date(now.getTime() + DEFAULT_LEASE_SECONDS * 1000).toISOString();
  const row = await db()
    .updateTable("jobs")
    .set((eb) => ({ status: "running", lockedBy: workerId, lockedUntil: lease, attempts: eb("attempts", "+", 1), updatedAt: at }))
    .where("id", "=", (eb) =>
      eb
        .selectFrom("jobs")
        .select("id")
        .where((w) => w.or([w.and([w("status", "=", "queued"), w("runAt", "<=", at)]), w.and([w("status", "=", "running"), w("lockedUntil", "<", at)])]))
        .$if(Boolean(lane.only), (query) => query.where("name", "in", [...lane.only!]))
        .$if(Boolean(lane.except?.length), (query) => query.where("name", "not in", [...lane.except!]))
        .orderBy("runAt")
        .limit(1)
        .$if(postgres, (query) => query.forUpdate().skipLocked()),
    )
    .returning(["id", "name", "payload", "status", "attempts", "maxAttempts", "runAt", "lockedBy", "lastError", "requestId"])
    .executeTakeFirst();
  if (!row) return null;
  // The handler's own lease length, once we know which job it is.
  const leaseSeconds = handlers.get(row.name)?.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  if (leaseSeconds !== DEFAULT_LEASE_SECONDS) {
    await db()
      .updateTable("jobs")
      .set({ lockedUntil: new Date(now.getTime() + leaseSeconds * 1000).toISOString() })
      .where("id", "=", row.id)
      .where("lockedBy", "=", workerId)
      .execute();
  }
  return row as JobRecord;
}

/** Seconds before the next try: 30 s, 2 min, 8 min, … at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 4 ** Math.max(0, attempts - 1));
}

async function finish(job: JobRecord, workerId: string, outcome: { ok: true } | { ok: false; error: string }, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const base = db().updateTable("jobs").where("id", "=", job.id).where("lockedBy", "=", workerId);
  if (outcome.ok) {
    await base.set({ status: "done", finishedAt: at, updatedAt: at, lockedUntil: null, lastError: null }).execute();
  } else if (job.attempts >= job.maxAttempts) {
    await base.set({ status: "failed", finishedAt: at, updatedAt: at, lockedUntil: null, lastError: outcome.error }).execute();
  } else {
    const runAt = new Date(now.getTime() + retryDelaySeconds(job.attempts) * 1000).toISOString();
    await base.set({ status: "queued", runAt, updatedAt: at, lockedBy: null, lockedUntil: null, lastError: outcome.error }).execute();
  }
}

/**
 * A job whose handler ended because the worker stops (the instance shuts down) goes back to the queue at once,
 * unleased and due now, without the attempt counting: another instance takes it on its next poll instead of
 * waiting for the lease to expire, and a job cut short by deployments does not run out of attempts.
 */
async function handBack(job: JobRecord, workerId: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db()
    .updateTable("jobs")
    .set({ status: "queued", runAt: at, updatedAt: at, lockedBy: null, lockedUntil: null, attempts: Math.max(0, job.attempts - 1) })
    .where("id", "=", job.id)
    .where("lockedBy", "=", workerId)
    .execute();
}

/** Claims one due job and runs it (its log lines carry `jobId`, `job` and the enqueuing request's `reqId`); says whether there was one. */
export async function runNextJob(workerId: string, signal: AbortSignal = new AbortController().signal, lane: JobLane = {}): Promise<boolean> {
  const job = await claimNextJob(workerId, new Date(), lane);
  if (!job) return false;
  await withLogContext({ reqId: job.requestId ?? undefined, jobId: job.id, job: job.name }, () => runJob(job, workerId, signal));
  return true;
}

async function runJob(job: JobRecord, workerId: string, signal: AbortSignal): Promise<void> {
  const definition = handlers.get(job.name);
  if (job.attempts > job.maxAttempts) {
    // A lease that expired once too often (the worker died each time): give up, keep why.
    await finish({ ...job, attempts: job.maxAttempts }, workerId, { ok: false, error: job.lastError ?? "the job's lease expired too many times" });
    return;
  }
  if (!definition) {
    await finish({ ...job, attempts: job.maxAttempts }, workerId, { ok: false, error: `no handler for job "${job.name}"` });
    return;
  }
  const heartbeat = async () => {
    await db()
      .updateTable("jobs")
      .set({ lockedUntil: new Date(Date.now() + definition.leaseSeconds * 1000).toISOString() })
      .where("id", "=", job.id)
      .where("lockedBy", "=", workerId)
      .execute();
  };
  try {
    await definition.handler(job.payload, { job, heartbeat, signal });
    await finish(job, workerId, { ok: true });
  } catch (error) {
    if (signal.aborted) {
      logger.info("job stopped by the shutdown; handed back to the queue");
      await handBack(job, workerId);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ err: error, attempt: job.attempts }, "job failed");
    await finish(job, workerId, { ok: false, error: message.slice(0, 2000) });
  }
}

/** Runs due jobs until none is left (tests, and a worker catching up); returns how many ran. */
export async function runDueJobs(workerId = `once-${randomUUID()}`, limit = 100): Promise<number> {
  let count = 0;
  while (count < limit && (await runNextJob(workerId))) count += 1;
  return count;
}

/** A job asked for once per local day at a local time (e.g. 07:00 in the office's zone). */
export type DailySchedule = { name: string; at: string; timeZone: () => Promise<string> | string; payload?: Record<string, unknown> };

/** A job asked for every `minutes` minutes, at whole multiples of it in UTC (every 15: :00, :15, :30, :45). */
export type IntervalSchedule = { name: string; minutes: number; payload?: Record<string, unknown> };

const schedules: DailySchedule[] = [];
const intervals: IntervalSchedule[] = [];

export function scheduleDaily(schedule: DailySchedule): void {
  if (!schedules.some((existing) => existing.name === schedule.name)) schedules.push(schedule);
}

/**
 * A recurring job: each worker's tick asks for the run of the current slot, keyed by the slot's
 * start (`name:2026-11-23T09:15:00.000Z`), so however many instances tick there is one job per
 * slot, and a slot missed while no worker ran is not made up later (only the current one is asked for).
 */
export function scheduleEvery(schedule: IntervalSchedule): void {
  if (!Number.isInteger(schedule.minutes) || schedule.minutes < 1) throw new Error(`scheduleEvery: ${schedule.name} needs a whole number of minutes`);
  if (!intervals.some((existing) => existing.name === schedule.name)) intervals.push(schedule);
}

/** The start of the slot of `minutes` that `now` falls in. */
export function slotStart(now: Date, minutes: number): Date {
  const step = minutes * 60_000;
  return new Date(Math.floor(now.getTime() / step) * step);
}

function localParts(now: Date, timeZone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Enqueues today's run of each daily schedule whose time has come, and the current slot's run of each interval schedule (once across instances: keyed by the day or the slot). */
export async function enqueueDueSchedules(now = new Date()): Promise<number> {
  let created = 0;
  for (const schedule of schedules) {
    const { day, time } = localParts(now, await schedule.timeZone());
    if (time < schedule.at) continue;
    const result = await enqueueJob(schedule.name, { ...schedule.payload, day }, { uniqueKey: `${schedule.name}:${day}` });
    if (result.created) created += 1;
  }
  for (const schedule of intervals) {
    const slot = slotStart(now, schedule.minutes).toISOString();
    const result = await enqueueJob(schedule.name, { ...schedule.payload, slot }, { runAt: slot, uniqueKey: `${schedule.name}:${slot}` });
    if (result.created) created += 1;
  }
  return created;
}

/** Forgets finished jobs after a week (failed ones stay a month, for whoever looks into them). */
export async function purgeFinishedJobs(now = new Date()): Promise<number> {
  const week = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const month = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const done = await db().deleteFrom("jobs").where("status", "=", "done").where("finishedAt", "<", week).executeTakeFirst();
  const failed = await db().deleteFrom("jobs").where("status", "=", "failed").where("finishedAt", "<", month).executeTakeFirst();
  return Number(done.numDeletedRows) + Number(failed.numDeletedRows);
}

export type JobWorker = { id: string; stop: () => Promise<void> };

/**
 * The worker of a server process: every `pollMs` it enqueues due schedules and runs due
 * jobs one at a time (OCR and translation are heavy; one at a time per instance), or up to
 * `concurrency` at a time. With a `lane`, it takes only those jobs; a lane with `only` leaves the schedules and the
 * housekeeping to the process's main worker.
 */
export function startJobWorker(options: { pollMs?: number; id?: string; lane?: JobLane; concurrency?: number } = {}): JobWorker {
  const id = options.id ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? 2000;
  const lane = options.lane ?? {};
  // Each slot polls and runs on its own, so a long job in one never keeps another from taking the next.
  const slots = Math.max(1, Math.floor(options.concurrency ?? 1));
  let stopped = false;
  const timers: Array<NodeJS.Timeout | undefined> = [];
  const running: Array<Promise<void>> = [];
  let lastHousekeeping = 0;
  const stopping = new AbortController();

  const tick = async (slot: number) => {
    try {
      if (slot === 0 && !lane.only) {
        await enqueueDueSchedules();
        if (Date.now() - lastHousekeeping > 3_600_000) {
          lastHousekeeping = Date.now();
          await purgeFinishedJobs();
        }
      }
      while (!stopped && (await runNextJob(id, stopping.signal, lane))) {
        // keep going while there is work
      }
    } catch (error) {
      logger.error({ err: error }, "job worker tick failed");
    }
  };
  const loop = (slot: number) => {
    if (stopped) return;
    running[slot] = tick(slot).finally(() => {
      if (!stopped) timers[slot] = setTimeout(() => loop(slot), pollMs);
    });
  };
  for (let slot = 0; slot < slots; slot++) timers[slot] = setTimeout(() => loop(slot), 100 + Math.floor((slot * pollMs) / slots));
  return {
    id,
    stop: async () => {
      stopped = true;
      stopping.abort();
      for (const timer of timers) if (timer) clearTimeout(timer);
      await Promise.all(running);
    },
  };
}

/** For tests: forget registered handlers and schedules. */
export function resetJobsForTests(): void {
  handlers.clear();
  schedules.length = 0;
  intervals.length = 0;
}
