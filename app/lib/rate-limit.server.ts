import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { db } from "./db/db.server";
import { logger } from "./logger.server";
import { redis } from "./redis.server";

/**
 * Named limits and back-offs, shared by every instance: in Redis when REDIS_URL is set (with memory as
 * insurance if Redis stops answering), else in the database (table `rate_limits`), never in one process
 * only, or each instance behind a balancer would grant its own allowance.
 * The sign-in limits count failures only (docs/decisions/008).
 */
export const LIMITS = {
  /** Failed sign-ins from one address, whatever the accounts: a ceiling for password spraying. */
  "login:ip-failures": { points: 100, duration: 60 * 60 },
  /** Failed sign-ins to one account from browsers it does not know: the lockout of untrusted clients. */
  "login:account-failures": { points: 50, duration: 60 * 60 },
  /** Failed sign-ins through one device cookie: a stolen cookie stops being trusted. */
  "login:device-failures": { points: 10, duration: 60 * 60 },
  /** Wrong two-factor codes for one account (docs/decisions/010): 10 an hour, then every code waits. */
  "mfa:account-failures": { points: 10, duration: 60 * 60 },
  "register:ip": { points: 10, duration: 60 * 60 },
  "register:account": { points: 5, duration: 60 * 60 },
  "reset:ip": { points: 10, duration: 60 * 60 },
  "reset:account": { points: 3, duration: 60 * 60 },
  "resend:ip": { points: 10, duration: 60 * 60 },
  "resend:account": { points: 3, duration: 60 * 60 },
  "email-change:account": { points: 5, duration: 60 * 60 },
  "contact:ip": { points: 5, duration: 10 * 60 },
  "upload:user": { points: 60, duration: 60 * 60 },
  /** Certificate look-ups on /verify/{no} from one address: far too few to enumerate numbers (docs/decisions/013). */
  "verify:ip": { points: 30, duration: 10 * 60 },
} as const satisfies Record<string, { points: number; duration: number }>;

export type LimitName = keyof typeof LIMITS;

const limiters = new Map<LimitName, RateLimiterAbstract>();

/** The Redis limiter of `name`, or null without REDIS_URL (the database counts then). */
function redisLimiter(name: LimitName): RateLimiterAbstract | null {
  const client = redis();
  if (!client) return null;
  let found = limiters.get(name);
  if (!found) {
    const { points, duration } = LIMITS[name];
    const memory = new RateLimiterMemory({ keyPrefix: `rl:${name}`, points, duration });
    found = new RateLimiterRedis({ storeClient: client, keyPrefix: `rl:${name}`, points, duration, insuranceLimiter: memory });
    limiters.set(name, found);
  }
  return found;
}

export type LimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

const refused = (msBeforeNext: number): LimitResult => ({ ok: false, retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) });

/** Counts one attempt against `name` for `key`; says whether it is still allowed. */
export async function consume(name: LimitName, key: string): Promise<LimitResult> {
  const limiter = redisLimiter(name);
  if (!limiter) {
    const { points, duration } = LIMITS[name];
    const now = Date.now();
    const row = await countInDatabase(storeKey(`rl:${name}`, key), now, { windowMs: duration * 1000, sliding: false });
    return row.points > points ? refused(row.expiresAt - now) : { ok: true };
  }
  try {
    await limiter.consume(key.toLowerCase());
    return { ok: true };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return refused(rejection.msBeforeNext);
    throw rejection;
  }
}

/**
 * Whether `key` has used up `name` without counting an attempt: the sign-in limits
 * count failures only, so they are checked first and consumed on failure.
 */
export async function isLimited(name: LimitName, key: string): Promise<LimitResult> {
  const limiter = redisLimiter(name);
  if (!limiter) {
    const now = Date.now();
    const row = await readFromDatabase(storeKey(`rl:${name}`, key), now);
    return row && row.points >= LIMITS[name].points ? refused(row.expiresAt - now) : { ok: true };
  }
  const state = await limiter.get(key.toLowerCase());
  return state && state.consumedPoints >= LIMITS[name].points ? refused(state.msBeforeNext) : { ok: true };
}

/** Forgets the attempts of `key` (after a successful sign-in, for example). */
export async function reset(name: LimitName, key: string): Promise<void> {
  const limiter = redisLimiter(name);
  if (limiter) await limiter.delete(key.toLowerCase());
  else
    await db()
      .deleteFrom("rateLimits")
      .where("key", "=", storeKey(`rl:${name}`, key))
      .execute();
}

// ---------------------------------------------------------------------------
// The database's counts (no Redis). One upsert counts atomically on both dialects, so two instances counting
// the same key at once both count; a count whose time is over starts again at 1.

/** Tests forget every count at once by moving to fresh keys (the old rows expire and are swept). */
let generation = 0;

/** Rows and Redis keys carry a hash of the key (addresses and e-mails stay out of the store). */
function storeKey(name: string, key: string): string {
  const hash = createHash("sha256").update(key.toLowerCase()).digest("base64url");
  return generation ? `${generation}:${name}:${hash}` : `${name}:${hash}`;
}

type Counted = { points: number; waitUntil: number; expiresAt: number };

/**
 * Adds one to the count of `key`. A fixed window (`sliding: false`) ends `windowMs` after the first count, as the
 * Redis limiter's does; a sliding one (the back-offs) `windowMs` after the last.
 */
async function countInDatabase(key: string, now: number, { windowMs, sliding }: { windowMs: number; sliding: boolean }): Promise<Counted> {
  await sweepExpired(now);
  const expiresAt = now + windowMs;
  return db()
    .insertInto("rateLimits")
    .values({ key, points: 1, waitUntil: 0, expiresAt })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet((eb) => {
        const over = eb("rateLimits.expiresAt", "<=", now);
        return {
          points: eb
            .case()
            .when(over)
            .then(1)
            .else(eb("rateLimits.points", "+", 1))
            .end(),
          waitUntil: eb.case().when(over).then(0).else(eb.ref("rateLimits.waitUntil")).end(),
          expiresAt: sliding ? expiresAt : eb.case().when(over).then(expiresAt).else(eb.ref("rateLimits.expiresAt")).end(),
        };
      }),
    )
    .returning(["points", "waitUntil", "expiresAt"])
    .executeTakeFirstOrThrow();
}

async function readFromDatabase(key: string, now: number): Promise<Counted | null> {
  const row = await db().selectFrom("rateLimits").select(["points", "waitUntil", "expiresAt"]).where("key", "=", key).executeTakeFirst();
  return row && row.expiresAt > now ? row : null;
}

const SWEEP_EVERY_MS = 10 * 60_000;
let lastSweep = 0;

/** Deletes the counts whose time is over, at most every ten minutes per instance (a count is written only then). */
async function sweepExpired(now: number): Promise<void> {
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  await db().deleteFrom("rateLimits").where("expiresAt", "<=", now).execute();
}

// ---------------------------------------------------------------------------
// Back-off records: a failure count and a time before which the next attempt waits.
// The caller decides the wait from the count (growing delays); the record is forgotten
// `ttlSeconds` after the last failure. Times are the app's clock (Date.now()), so the
// same record works in Redis, in the database and in memory (Redis's insurance).

export type Backoff = { failures: number; waitUntil: number };

const MEMORY_BACKOFF_CAP = 100_000;
const memoryBackoffs = new Map<string, Backoff & { expiresAt: number }>();

function backoffKey(name: string, key: string): string {
  return storeKey(`bo:${name}`, key);
}

function readMemoryBackoff(id: string): Backoff | null {
  const found = memoryBackoffs.get(id);
  if (!found) return null;
  if (found.expiresAt <= Date.now()) {
    memoryBackoffs.delete(id);
    return null;
  }
  return { failures: found.failures, waitUntil: found.waitUntil };
}

function writeMemoryBackoff(id: string, value: Backoff, ttlSeconds: number): void {
  memoryBackoffs.delete(id);
  // The oldest records go first when an attacker fills the map with made-up keys.
  while (memoryBackoffs.size >= MEMORY_BACKOFF_CAP) memoryBackoffs.delete(memoryBackoffs.keys().next().value!);
  memoryBackoffs.set(id, { ...value, expiresAt: Date.now() + ttlSeconds * 1000 });
}

/** Runs the Redis version when REDIS_URL is set (the memory one when Redis fails), else the database's. */
async function withStore<T>(
  redisWork: (client: NonNullable<ReturnType<typeof redis>>) => Promise<T>,
  memoryWork: () => T,
  databaseWork: () => Promise<T>,
): Promise<T> {
  const client = redis();
  if (!client) return databaseWork();
  try {
    return await redisWork(client);
  } catch (error) {
    logger.warn({ err: error }, "redis back-off store failed; using memory");
    return memoryWork();
  }
}

export async function readBackoff(name: string, key: string): Promise<Backoff | null> {
  const id = backoffKey(name, key);
  return withStore(
    async (client) => {
      const found = await client.hgetall(id);
      if (!found.failures) return null;
      return { failures: Number(found.failures), waitUntil: Number(found.waitUntil ?? 0) };
    },
    () => readMemoryBackoff(id),
    async () => {
      const row = await readFromDatabase(id, Date.now());
      return row ? { failures: row.points, waitUntil: row.waitUntil } : null;
    },
  );
}

/**
 * Counts one failure and sets the wait that `waitMsAfter(failures)` gives for the new count
 * (0: no wait). Answers the record as it now is.
 */
export async function recordBackoffFailure(name: string, key: string, waitMsAfter: (failures: number) => number, ttlSeconds: number): Promise<Backoff> {
  const id = backoffKey(name, key);
  return withStore(
    async (client) => {
      const [[incrementError, failures] = [null, 0]] =
        (await client
          .multi()
          .hincrby(id, "failures", 1)
          .pexpire(id, ttlSeconds * 1000)
          .exec()) ?? [];
      if (incrementError) throw incrementError;
      const count = Number(failures);
      const wait = waitMsAfter(count);
      const waitUntil = wait > 0 ? Date.now() + wait : 0;
      await client.hset(id, "waitUntil", String(waitUntil));
      return { failures: count, waitUntil };
    },
    () => {
      const failures = (readMemoryBackoff(id)?.failures ?? 0) + 1;
      const wait = waitMsAfter(failures);
      const record = { failures, waitUntil: wait > 0 ? Date.now() + wait : 0 };
      writeMemoryBackoff(id, record, ttlSeconds);
      return record;
    },
    async () => {
      const { points: failures } = await countInDatabase(id, Date.now(), { windowMs: ttlSeconds * 1000, sliding: true });
      const wait = waitMsAfter(failures);
      const waitUntil = wait > 0 ? Date.now() + wait : 0;
      await db().updateTable("rateLimits").set({ waitUntil }).where("key", "=", id).execute();
      return { failures, waitUntil };
    },
  );
}

export async function clearBackoff(name: string, key: string): Promise<void> {
  const id = backoffKey(name, key);
  memoryBackoffs.delete(id);
  await withStore(
    async (client) => {
      await client.del(id);
    },
    () => undefined,
    async () => {
      await db().deleteFrom("rateLimits").where("key", "=", id).execute();
    },
  );
}

/** For tests: every limit and back-off starts afresh (the database's counts by moving to new keys). */
export function resetLimitersForTests(): void {
  limiters.clear();
  memoryBackoffs.clear();
  generation += 1;
}
