import { afterEach, expect, it, vi } from "vitest";
import { db } from "~/lib/db/db.server";
import {
  claimNextJob,
  defineJob,
  enqueueDueSchedules,
  enqueueJob,
  purgeFinishedJobs,
  resetJobsForTests,
  retryDelaySeconds,
  runDueJobs,
  runNextJob,
  scheduleDaily,
  scheduleEvery,
  startJobWorker,
} from "~/lib/jobs.server";
import { describeEachDialect } from "../setup/database";

describeEachDialect("job queue", () => {
  afterEach(async () => {
    resetJobsForTests();
    await db().deleteFrom("jobs").execute();
  });

  const rowOf = (id: string) => db().selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("runs a job once with its payload and marks it done", async () => {
    const seen: unknown[] = [];
    const job = defineJob<{ n: number }>("test.echo", async (payload) => void seen.push(payload));
    const { id } = await job.enqueue({ n: 7 });
    expect(await runDueJobs()).toBe(1);
    expect(await runDueJobs()).toBe(0);
    expect(seen).toEqual([{ n: 7 }]);
    const row = await rowOf(id!);
    expect(row.status).toBe("done");
    expect(row.attempts).toBe(1);
  });

  it("waits for run_at", async () => {
    defineJob("test.later", async () => undefined);
    await enqueueJob("test.later", {}, { runAt: new Date(Date.now() + 60_000) });
    expect(await runDueJobs()).toBe(0);
  });

  it("retries a failing job later, then stops after its attempts with the error kept", async () => {
    let calls = 0;
    defineJob(
      "test.flaky",
      async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
      { maxAttempts: 2 },
    );
    const { id } = await enqueueJob("test.flaky", {});
    expect(await runNextJob("w")).toBe(true);
    let row = await rowOf(id!);
    expect(row.status).toBe("queued");
    expect(row.lastError).toBe("boom 1");
    expect(Date.parse(row.runAt) - Date.now()).toBeGreaterThan((retryDelaySeconds(1) - 5) * 1000);
    // Not due yet; make it due and run the second (last) attempt.
    expect(await runNextJob("w")).toBe(false);
    await db()
      .updateTable("jobs")
      .set({ runAt: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", id!)
      .execute();
    expect(await runNextJob("w")).toBe(true);
    row = await rowOf(id!);
    expect(row.status).toBe("failed");
    expect(row.lastError).toBe("boom 2");
    expect(row.attempts).toBe(2);
    expect(calls).toBe(2);
  });

  it("never gives one job to two workers, even when they ask at the same instant", async () => {
    defineJob("test.many", async () => undefined);
    for (let i = 0; i < 10; i++) await enqueueJob("test.many", { i });
    const claims = await Promise.all(Array.from({ length: 20 }, (_, index) => claimNextJob(`worker-${index % 2}`)));
    const ids = claims.filter((job) => job !== null).map((job) => job!.id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
  });

  it("a worker with a lane takes only its jobs; the other lane takes the rest, in order of their time", async () => {
    const ran: string[] = [];
    defineJob("test.long", async () => void ran.push("long"));
    defineJob("test.short", async () => void ran.push("short"));
    await enqueueJob("test.long", {}, { runAt: new Date(Date.now() - 2000) });
    await enqueueJob("test.short", {}, { runAt: new Date(Date.now() - 1000) });
    const idle = new AbortController().signal;
    expect(await runNextJob("main", idle, { except: ["test.long"] })).toBe(true);
    expect(await runNextJob("main", idle, { except: ["test.long"] })).toBe(false);
    expect(ran).toEqual(["short"]);
    expect(await runNextJob("lane", idle, { only: ["test.long"] })).toBe(true);
    expect(await runNextJob("lane", idle, { only: ["test.long"] })).toBe(false);
    expect(ran).toEqual(["short", "long"]);
  });

  it("a worker with several slots runs that many jobs at once, and takes a new one while a long one runs", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    defineJob<{ name: string }>("test.slot", async ({ name }) => {
      started.push(name);
      if (name !== "quick") await gate;
    });
    await enqueueJob("test.slot", { name: "long-1" });
    await enqueueJob("test.slot", { name: "long-2" });
    const worker = startJobWorker({ pollMs: 20, lane: { only: ["test.slot"] }, concurrency: 3 });
    try {
      await vi.waitFor(() => expect(started.sort()).toEqual(["long-1", "long-2"]), { timeout: 10_000 });
      // Two slots are held by the long jobs; the third takes a job that comes in meanwhile.
      await enqueueJob("test.slot", { name: "quick" });
      await vi.waitFor(() => expect(started).toContain("quick"), { timeout: 10_000 });
      const states = () => db().selectFrom("jobs").select("status").where("name", "=", "test.slot").orderBy("status").execute();
      await vi.waitFor(async () => expect((await states()).map((job) => job.status)).toEqual(["done", "running", "running"]), { timeout: 10_000 });
    } finally {
      release();
      await worker.stop();
    }
  });

  it("takes a job again when its lease expired (a worker died), and the late worker's result is ignored", async () => {
    defineJob("test.lease", async () => undefined);
    const { id } = await enqueueJob("test.lease", {});
    const first = await claimNextJob("dead-worker");
    expect(first?.id).toBe(id);
    // While the lease holds, nobody else gets it.
    expect(await claimNextJob("other")).toBeNull();
    // After a restart the lease has run out: the job is taken again and finished.
    const later = new Date(Date.now() + 10 * 60_000);
    const second = await claimNextJob("new-worker", later);
    expect(second?.id).toBe(id);
    expect(second?.attempts).toBe(2);
    expect((await rowOf(id!)).lockedBy).toBe("new-worker");
  });

  it("hands a job back at once when its instance stops: queued, unleased, due now, the attempt not counted", async () => {
    let started = 0;
    defineJob("test.long", async (_payload, { signal }) => {
      started += 1;
      // Long work that honours the stop signal, as the translation's auto-process does.
      await new Promise<void>((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
    });
    const { id } = await enqueueJob("test.long", {});
    const worker = startJobWorker({ id: "instance-a", pollMs: 10 });
    await expect.poll(() => started).toBe(1);
    expect((await rowOf(id!)).lockedBy).toBe("instance-a");
    await worker.stop();
    const row = await rowOf(id!);
    expect(row).toMatchObject({ status: "queued", lockedBy: null, lockedUntil: null, attempts: 0, lastError: null, finishedAt: null });
    expect(Date.parse(row.runAt)).toBeLessThanOrEqual(Date.now());
    // Another instance takes it on its next poll, long before the lease (five minutes) would have run out.
    const taken = await claimNextJob("instance-b");
    expect(taken).toMatchObject({ id, attempts: 1, lockedBy: "instance-b" });
  });

  it("a job that finishes although its instance is stopping is done, and one that fails for another reason before the stop is retried as usual", async () => {
    let release: () => void = () => undefined;
    defineJob("test.finishes", async () => {
      await new Promise<void>((resolve) => (release = resolve));
    });
    const { id } = await enqueueJob("test.finishes", {});
    const worker = startJobWorker({ id: "instance-a", pollMs: 10 });
    await expect.poll(async () => (await rowOf(id!)).status).toBe("running");
    const stopping = worker.stop();
    release();
    await stopping;
    expect(await rowOf(id!)).toMatchObject({ status: "done", attempts: 1 });

    defineJob("test.broken", async () => {
      throw new Error("broken");
    });
    const broken = await enqueueJob("test.broken", {});
    expect(await runNextJob("w", new AbortController().signal)).toBe(true);
    expect(await rowOf(broken.id!)).toMatchObject({ status: "queued", attempts: 1, lastError: "broken" });
  });

  it("resumes after a restart: a running job with an expired lease runs to the end", async () => {
    const seen: string[] = [];
    defineJob("test.resume", async () => void seen.push("ran"));
    const { id } = await enqueueJob("test.resume", {});
    await db()
      .updateTable("jobs")
      .set({ status: "running", lockedBy: "gone", lockedUntil: new Date(Date.now() - 1000).toISOString(), attempts: 1 })
      .where("id", "=", id!)
      .execute();
    expect(await runDueJobs("restarted")).toBe(1);
    expect(seen).toEqual(["ran"]);
    expect((await rowOf(id!)).status).toBe("done");
  });

  it("a unique key makes one job however many instances ask", async () => {
    defineJob("test.unique", async () => undefined);
    const answers = await Promise.all([1, 2, 3].map(() => enqueueJob("test.unique", {}, { uniqueKey: "test.unique:2026-11-23" })));
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    const { count } = await db()
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1);
  });

  it("a daily schedule is asked for once per local day, after its time, across instances", async () => {
    const days: unknown[] = [];
    defineJob("test.daily", async (payload) => void days.push(payload.day));
    scheduleDaily({ name: "test.daily", at: "07:00", timeZone: () => "America/Detroit" });
    const before = new Date("2026-11-23T11:59:00Z"); // 06:59 in Detroit
    const after = new Date("2026-11-23T12:01:00Z"); // 07:01
    expect(await enqueueDueSchedules(before)).toBe(0);
    const created = await Promise.all([enqueueDueSchedules(after), enqueueDueSchedules(after)]);
    expect(created[0]! + created[1]!).toBe(1);
    expect(await enqueueDueSchedules(new Date("2026-11-23T23:00:00Z"))).toBe(0);
    expect(await enqueueDueSchedules(new Date("2026-11-24T12:30:00Z"))).toBe(1);
    await runDueJobs();
    expect(days.sort()).toEqual(["2026-11-23", "2026-11-24"]);
  });

  it("an interval schedule is asked for once per slot across instances, keyed by the slot's start", async () => {
    const runs: unknown[] = [];
    defineJob("test.every", async (payload) => void runs.push(payload.slot));
    scheduleEvery({ name: "test.every", minutes: 15 });
    expect(() => scheduleEvery({ name: "test.bad", minutes: 0 })).toThrow();
    const created = await Promise.all([enqueueDueSchedules(new Date("2026-11-23T09:07:00Z")), enqueueDueSchedules(new Date("2026-11-23T09:14:59Z"))]);
    expect(created.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await enqueueDueSchedules(new Date("2026-11-23T09:15:00Z"))).toBe(1);
    await Promise.all([runDueJobs("worker-a"), runDueJobs("worker-b")]);
    expect(runs.sort()).toEqual(["2026-11-23T09:00:00.000Z", "2026-11-23T09:15:00.000Z"]);
    const keys = await db().selectFrom("jobs").select("uniqueKey").where("name", "=", "test.every").orderBy("uniqueKey").execute();
    expect(keys.map((row) => row.uniqueKey)).toEqual(["test.every:2026-11-23T09:00:00.000Z", "test.every:2026-11-23T09:15:00.000Z"]);
  });

  it("a job without a handler fails at once with a reason", async () => {
    const { id } = await enqueueJob("test.nobody", {});
    await runDueJobs();
    const row = await rowOf(id!);
    expect(row.status).toBe("failed");
    expect(row.lastError).toMatch(/no handler/);
  });

  it("forgets finished jobs after a week", async () => {
    defineJob("test.old", async () => undefined);
    const { id } = await enqueueJob("test.old", {});
    await runDueJobs();
    expect(await purgeFinishedJobs(new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await purgeFinishedJobs(new Date(Date.now() + 8 * 86_400_000))).toBe(1);
    expect(await db().selectFrom("jobs").select("id").where("id", "=", id!).executeTakeFirst()).toBeUndefined();
  });
});
