import { sql } from "kysely";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as ThrottleModule from "~/features/auth/sign-in-throttle.server";
import type * as DbModule from "~/lib/db/db.server";
import type * as RateLimitModule from "~/lib/rate-limit.server";
import type * as RedisModule from "~/lib/redis.server";
import type * as SessionModule from "~/lib/session.server";
import { FREE_FAILURES } from "~/features/auth/sign-in-throttle.server";
import { createDatabase, type DB } from "~/lib/db/connection.server";
import { setDb } from "~/lib/db/db.server";
import { migrateToLatest } from "~/lib/db/migrate.server";
import { makeUser } from "../support/factories";
import { describeEachDialect } from "../setup/database";

/**
 * What must hold across instances, without Redis: the rate limits, the sign-in back-offs and session
 * revocation live in the database. Two copies of the modules (vi.resetModules) stand for two instances, each
 * with its own memory and its own connection to one database, and they count together. With TEST_REDIS_URL,
 * the same for two copies on two Redis connections.
 */
type DbInstance = {
  db: typeof DbModule;
  limits: typeof RateLimitModule;
  throttle: typeof ThrottleModule;
  sessions: typeof SessionModule;
};

async function loadInstance(connection: DB): Promise<DbInstance> {
  vi.resetModules();
  const instance = {
    db: await import("~/lib/db/db.server"),
    limits: await import("~/lib/rate-limit.server"),
    throttle: await import("~/features/auth/sign-in-throttle.server"),
    sessions: await import("~/lib/session.server"),
  };
  instance.db.setDb(connection);
  return instance;
}

describeEachDialect("limits and sessions across instances, without Redis", (testDb, dialect) => {
  let a: DbInstance;
  let b: DbInstance;
  const opened: DB[] = [];
  let folder: string | null = null;

  beforeAll(async () => {
    if (dialect === "postgres") {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(testDb());
      const second = createDatabase({ url: process.env.TEST_DATABASE_URL!, schema: rows[0]!.schema, poolSize: 2 });
      opened.push(second);
      a = await loadInstance(testDb());
      b = await loadInstance(second);
    } else {
      // One SQLite file, two connections (an in-memory database is one connection's only).
      folder = fs.mkdtempSync(path.join(os.tmpdir(), "limits-"));
      const first = createDatabase({ url: `file:${path.join(folder, "app.db")}` });
      await migrateToLatest(first);
      const second = createDatabase({ url: `file:${path.join(folder, "app.db")}` });
      opened.push(first, second);
      a = await loadInstance(first);
      b = await loadInstance(second);
    }
  });
  afterAll(async () => {
    vi.resetModules();
    for (const connection of opened) await connection.destroy();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("counts a rate limit's attempts on both instances together, and a reset on one frees the other", async () => {
    // "contact:ip": 5 messages per 10 minutes from one address.
    for (const instance of [a, b, a, b, a]) expect(await instance.limits.consume("contact:ip", "198.51.100.7")).toEqual({ ok: true });
    const refused = await b.limits.consume("contact:ip", "198.51.100.7");
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(500);
    expect((await a.limits.isLimited("contact:ip", "198.51.100.7")).ok).toBe(false);
    // Another address is not held back, and the address itself is not what is stored.
    expect(await a.limits.consume("contact:ip", "198.51.100.8")).toEqual({ ok: true });
    const keys = await a.db.db().selectFrom("rateLimits").select("key").execute();
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys.some(({ key }) => key.includes("198.51"))).toBe(false);
    await a.limits.reset("contact:ip", "198.51.100.7");
    expect(await b.limits.consume("contact:ip", "198.51.100.7")).toEqual({ ok: true });
  });

  it("makes a pair of account and address wait after failures spread over both instances; a success on one clears it", async () => {
    const attempt = { email: "someone@example.com", ip: "203.0.113.9", deviceNonce: null };
    for (let failure = 0; failure <= FREE_FAILURES; failure++) {
      const instance = failure % 2 ? b : a;
      await instance.throttle.checkSignInAllowed(attempt, false);
      await instance.throttle.recordSignInFailure(attempt, false);
    }
    for (const instance of [a, b]) {
      await expect(instance.throttle.checkSignInAllowed(attempt, false)).rejects.toMatchObject({ status: 429, headers: { "Retry-After": "15" } });
    }
    await b.throttle.recordSignInSuccess(attempt, false);
    await expect(a.throttle.checkSignInAllowed(attempt, false)).resolves.toBeUndefined();
  });

  it("ends a session everywhere: revoked through one instance, refused by the other at once", async () => {
    // The factory works through this file's own copy of the modules: point it at the first instance's database.
    setDb(a.db.db());
    const user = await makeUser(a.db.db()).finally(() => setDb(testDb()));
    const session = await a.sessions.createSession(user.id, { remember: false, kind: "cookie" });
    expect(await b.sessions.findSession(session.token)).not.toBeNull();
    await b.sessions.deleteUserSessions(user.id);
    expect(await a.sessions.findSession(session.token)).toBeNull();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("rate limits across instances, through Redis", () => {
  type Instance = { limits: typeof RateLimitModule; redis: typeof RedisModule };
  const instances: Instance[] = [];

  beforeAll(async () => {
    process.env.REDIS_URL = redisUrl;
    // Two copies of the modules stand for two instances, each with its own Redis connection.
    for (let index = 0; index < 2; index++) {
      vi.resetModules();
      (await import("~/lib/env.server")).resetEnvForTests();
      instances.push({ limits: await import("~/lib/rate-limit.server"), redis: await import("~/lib/redis.server") });
    }
  });
  afterAll(async () => {
    for (const { redis } of instances) await redis.closeRedis();
    delete process.env.REDIS_URL;
    vi.resetModules();
    (await import("~/lib/env.server")).resetEnvForTests();
  });

  it("counts one limit's attempts on both instances together", async () => {
    const [a, b] = instances as [Instance, Instance];
    const address = `192.0.2.${Math.floor(Math.random() * 250)}-${Date.now()}`;
    for (const instance of [a, b, a, b, a]) expect(await instance.limits.consume("contact:ip", address)).toEqual({ ok: true });
    expect((await b.limits.consume("contact:ip", address)).ok).toBe(false);
    expect((await a.limits.isLimited("contact:ip", address)).ok).toBe(false);
    await a.limits.reset("contact:ip", address);
  });

  it("shares a back-off between both instances", async () => {
    const [a, b] = instances as [Instance, Instance];
    const key = `pair-${Date.now()}`;
    await a.limits.recordBackoffFailure("test:pair", key, () => 0, 60);
    const second = await b.limits.recordBackoffFailure("test:pair", key, (failures) => (failures >= 2 ? 30_000 : 0), 60);
    expect(second.failures).toBe(2);
    expect((await a.limits.readBackoff("test:pair", key))?.waitUntil).toBe(second.waitUntil);
    await b.limits.clearBackoff("test:pair", key);
    expect(await a.limits.readBackoff("test:pair", key)).toBeNull();
  });
});
